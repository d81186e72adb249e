import { ADMIN_PANELS_COLUMNS } from '../../../domain/csv';
import type { Actor } from '../../auth/actor';
import type { PanelCipher } from '../../crypto/panel-password';
import type { Database } from '../../db/client';
import { panels } from '../../db/schema';
import { exportAllMatching } from '../csv-stream';
import { type PanelFilter, panelWhere } from './filter';

/**
 * Every panel matching the list's filter, newest first, with clear passwords: the documented columns
 * Panel ID, Email, Password, Purchase Date, Status (the real inventory status), Max Users.
 * Exporting passwords is recorded in the audit log before the first byte leaves (D7).
 */
export function exportPanels(db: Database, cipher: PanelCipher, filter: PanelFilter, actor: Actor) {
  return exportAllMatching(db, actor, {
    kind: 'admin_panels',
    header: ADMIN_PANELS_COLUMNS,
    table: panels,
    columns: {
      id: panels.id,
      email: panels.email,
      password: panels.password,
      purchaseDate: panels.purchaseDate,
      status: panels.status,
      maxMailboxes: panels.maxMailboxes,
    },
    where: panelWhere(filter),
    fields: (row) => [
      row.id,
      row.email,
      cipher.decrypt(row.password),
      row.purchaseDate,
      row.status,
      row.maxMailboxes,
    ],
    audit: { action: 'panels.exported', targetType: 'panel' },
    filter,
  });
}
