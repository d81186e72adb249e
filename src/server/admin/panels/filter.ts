import { ilike, type SQL, sql } from 'drizzle-orm';
import type { PanelStatus } from '../../../domain/status';
import type { Source } from '../../db/counting';
import { panels } from '../../db/schema';
import { statusAndSearch } from '../search';

export interface PanelFilter {
  search?: string | undefined;
  status?: PanelStatus | undefined;
}

/**
 * The panel list's filter: a status (served by the (status, id) index) and an e-mail
 * fragment (`email ILIKE '%q%'`, served by the trigram index); a number also matches the id.
 */
export function panelWhere(filter: PanelFilter): SQL | undefined {
  return statusAndSearch(panels, filter, (pattern) => ilike(panels.email, pattern));
}

export function panelSource(filter: PanelFilter): Source {
  return { from: sql`${panels}`, where: panelWhere(filter) };
}
