import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AdminPanelSort } from '../../../domain/admin-panel-sort';
import type { PanelStatus } from '../../../domain/status';
import type { Database } from '../../db/client';
import { panels, user } from '../../db/schema';
import { cappedMatches, countMatches, offsetOf, type Page, pageOf } from '../paging';
import { type PanelFilter, panelSource, panelWhere } from './filter';

export interface PanelListQuery extends PanelFilter {
  page: number;
  pageSize: number;
  sort: AdminPanelSort;
}

export interface PanelListItem {
  id: number;
  email: string;
  status: PanelStatus;
  /** The customer holding (or who held) the panel; null while it is stock. */
  owner: { id: string; email: string } | null;
  orderId: number | null;
  purchaseDate: Date | null;
  domains: number;
  currentMailboxes: number;
  maxMailboxes: number;
  createdAt: Date;
  /** When its subscription ended it (docs/decisions/0017); cleared when it is restocked. */
  endedAt: Date | null;
}

/**
 * ORDER BY of each sort (D11: sorting is done by the server). Every order ends on something
 * unique, so pages never overlap or skip a row:
 * - newest/oldest: the id, which is the creation order (the primary key serves it);
 * - e-mail: lower(email), unique and served by the inventory_email_idx index;
 * - status: (status, id), served by inventory_status_id_idx;
 * - purchase date: never-sold panels (no date) last in both directions, then the id. No
 *   index serves it: the database sorts the matching rows (see bench/admin-scale).
 */
export function panelOrder(sort: AdminPanelSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(panels.id)];
    case 'oldest':
      return [asc(panels.id)];
    case 'email_asc':
      return [sql`lower(${panels.email}) asc`];
    case 'email_desc':
      return [sql`lower(${panels.email}) desc`];
    case 'status_asc':
      return [asc(panels.status), asc(panels.id)];
    case 'status_desc':
      return [desc(panels.status), desc(panels.id)];
    case 'purchase_date_desc':
      return [sql`${panels.purchaseDate} desc nulls last`, desc(panels.id)];
    case 'purchase_date_asc':
      return [sql`${panels.purchaseDate} asc nulls last`, asc(panels.id)];
  }
}

/**
 * One page of the inventory, never the whole table (D11). The page's ids come first from an
 * index-only scan (so OFFSET steps over index entries, not rows), then only those rows are
 * read with their owner. Passwords are not part of a list: they are revealed on request.
 */
export async function listPanels(db: Database, query: PanelListQuery): Promise<Page<PanelListItem>> {
  const where = panelWhere(query);
  const order = panelOrder(query.sort);
  const pageIds = db
    .select({ id: panels.id })
    .from(panels)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));

  const source = panelSource(query);
  const rows = await db
    .select({
      id: panels.id,
      email: panels.email,
      status: panels.status,
      ownerId: panels.soldTo,
      ownerEmail: user.email,
      orderId: panels.orderId,
      purchaseDate: panels.purchaseDate,
      domains: panels.domains,
      currentMailboxes: panels.currentMailboxes,
      maxMailboxes: panels.maxMailboxes,
      createdAt: panels.createdAt,
      endedAt: panels.endedAt,
      matches: cappedMatches(source),
    })
    .from(panels)
    .leftJoin(user, eq(user.id, panels.soldTo))
    .where(inArray(panels.id, pageIds))
    .orderBy(...order);
  // The count rides on the page's rows; a page past the end has none and counts on its own.
  const total = await countMatches(db, source, rows[0]?.matches);

  const items = rows.map(({ ownerId, ownerEmail, matches: _matches, ...row }) => ({
    ...row,
    owner: ownerId && ownerEmail ? { id: ownerId, email: ownerEmail } : null,
  }));
  return pageOf(items, query.page, query.pageSize, total);
}
