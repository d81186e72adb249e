import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { PanelStatus } from '../../../domain/status';
import type { Database } from '../../db/client';
import { adminPanelInventory as panels, user } from '../../db/schema';
import { countMatches, offsetOf, type Page, pageOf } from '../paging';
import { type PanelFilter, panelSource, panelWhere } from './filter';

export interface PanelListQuery extends PanelFilter {
  page: number;
  pageSize: number;
  sort: 'newest' | 'oldest';
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
}

/**
 * One page of the inventory, never the whole table (D11). The page's ids come first from an
 * index-only scan (so OFFSET steps over index entries, not rows), then only those rows are
 * read with their owner. Passwords are not part of a list: they are revealed on request.
 */
export async function listPanels(db: Database, query: PanelListQuery): Promise<Page<PanelListItem>> {
  const where = panelWhere(query);
  const order = query.sort === 'newest' ? desc(panels.id) : asc(panels.id);
  const pageIds = db
    .select({ id: panels.id })
    .from(panels)
    .where(where)
    .orderBy(order)
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));

  const [rows, total] = await Promise.all([
    db
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
      })
      .from(panels)
      .leftJoin(user, eq(user.id, panels.soldTo))
      .where(inArray(panels.id, pageIds))
      .orderBy(order),
    countMatches(db, panelSource(query)),
  ]);

  const items = rows.map(({ ownerId, ownerEmail, ...row }) => ({
    ...row,
    owner: ownerId && ownerEmail ? { id: ownerId, email: ownerEmail } : null,
  }));
  return pageOf(items, query.page, query.pageSize, total);
}
