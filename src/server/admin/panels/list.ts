import { asc, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AdminPanelSort } from '../../../domain/admin-panel-sort';
import type { PanelStatus } from '../../../domain/status';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { readMemo } from '../../db/read-memo';
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

const memoOf = perDatabase(readMemo);

/**
 * One page of the inventory, never the whole table (D11). On the embedded database a page is
 * remembered until the next write, as the customer's lists are (docs/decisions/0010).
 */
export async function listPanels(db: Database, query: PanelListQuery): Promise<Page<PanelListItem>> {
  const memo = memoOf(db);
  const { page, pageSize, sort, status, search } = query;
  const read = () => readPanelPage(db, query);
  return memo
    ? memo.read(`admin-panels:${JSON.stringify([page, pageSize, sort, status, search])}`, read)
    : read();
}

/**
 * The page's statement: its ids come first from an index-only scan (so OFFSET steps over index
 * entries, not rows), then only those rows are read with their owner, the capped count riding
 * along. Passwords are not part of a list: they are revealed on request.
 */
function pageStatement(
  db: Database,
  filter: PanelFilter,
  sort: AdminPanelSort,
  window: { limit: number | Placeholder; offset: number | Placeholder },
) {
  const order = panelOrder(sort);
  const pageIds = db
    .select({ id: panels.id })
    .from(panels)
    .where(panelWhere(filter))
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  return db
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
      matches: cappedMatches(panelSource(filter)),
    })
    .from(panels)
    .leftJoin(user, eq(user.id, panels.soldTo))
    .where(inArray(panels.id, pageIds))
    .orderBy(...order);
}

/**
 * The screen opens on the whole inventory in one of a few orders: those statements are prepared
 * once per database handle, named by their order. A filtered page is built for its filter.
 */
const unfilteredPages = perDatabase((db) => {
  const prepared = new Map<AdminPanelSort, ReturnType<typeof prepareUnfiltered>>();
  return (sort: AdminPanelSort) => {
    let statement = prepared.get(sort);
    if (!statement) {
      statement = prepareUnfiltered(db, sort);
      prepared.set(sort, statement);
    }
    return statement;
  };
});

function prepareUnfiltered(db: Database, sort: AdminPanelSort) {
  const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  return pageStatement(db, {}, sort, window).prepare(`admin_panels_${sort}`);
}

async function readPanelPage(db: Database, query: PanelListQuery): Promise<Page<PanelListItem>> {
  const window = { limit: query.pageSize, offset: offsetOf(query.page, query.pageSize) };
  const rows =
    query.status || query.search?.trim()
      ? await pageStatement(db, query, query.sort, window)
      : await unfilteredPages(db)(query.sort).execute(window);
  // The count rides on the page's rows; a page past the end has none and counts on its own.
  const total = await countMatches(db, panelSource(query), rows[0]?.matches);

  const items = rows.map(({ ownerId, ownerEmail, matches: _matches, ...row }) => ({
    ...row,
    owner: ownerId && ownerEmail ? { id: ownerId, email: ownerEmail } : null,
  }));
  return pageOf(items, query.page, query.pageSize, total);
}
