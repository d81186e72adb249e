import { and, desc, lt } from 'drizzle-orm';
import { ADMIN_PANELS_COLUMNS } from '../../../domain/csv';
import { recordActorAudit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { PanelCipher } from '../../crypto/panel-password';
import type { Database } from '../../db/client';
import { panels } from '../../db/schema';
import { EXPORT_BATCH_SIZE, openCsvExport } from '../csv-stream';
import { type PanelFilter, panelWhere } from './filter';

/**
 * Every panel matching the list's filter, newest first, with clear passwords: the documented columns
 * Panel ID, Email, Password, Purchase Date, Status (the real inventory status), Max Users.
 * Exporting passwords is recorded in the audit log before the first byte leaves (D7).
 */
export async function exportPanels(db: Database, cipher: PanelCipher, filter: PanelFilter, actor: Actor) {
  const where = panelWhere(filter);
  const chunks = await openCsvExport({
    header: ADMIN_PANELS_COLUMNS,
    batch: (afterId) =>
      db
        .select({
          id: panels.id,
          email: panels.email,
          password: panels.password,
          purchaseDate: panels.purchaseDate,
          status: panels.status,
          maxMailboxes: panels.maxMailboxes,
        })
        .from(panels)
        .where(afterId === null ? where : and(where, lt(panels.id, afterId)))
        .orderBy(desc(panels.id))
        .limit(EXPORT_BATCH_SIZE),
    idOf: (row) => row.id,
    fields: (row) => [
      row.id,
      row.email,
      cipher.decrypt(row.password),
      row.purchaseDate,
      row.status,
      row.maxMailboxes,
    ],
  });
  await recordActorAudit(db, actor, {
    action: 'panels.exported',
    targetType: 'panel',
    details: { scope: 'all matching', search: filter.search ?? null, status: filter.status ?? null },
  });
  return chunks;
}
