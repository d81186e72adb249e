import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PanelStatus } from '../../../domain/status';
import type { Source } from '../../db/counting';
import { panels } from '../../db/schema';
import { parseSearch } from '../search';

export interface PanelFilter {
  search?: string | undefined;
  status?: PanelStatus | undefined;
}

/**
 * The panel list's filter: a status (served by the (status, id) index) and an e-mail
 * fragment (`email ILIKE '%q%'`, served by the trigram index); a number also matches the id.
 */
export function panelWhere(filter: PanelFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(panels.status, filter.status));
  const term = parseSearch(filter.search);
  if (term) {
    const matches: SQL[] = [];
    if (term.id !== null) matches.push(eq(panels.id, term.id));
    if (term.pattern !== null) matches.push(ilike(panels.email, term.pattern));
    conditions.push(matches.length === 1 ? matches[0]! : or(...matches)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export function panelSource(filter: PanelFilter): Source {
  return { from: sql`${panels}`, where: panelWhere(filter) };
}
