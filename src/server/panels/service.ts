import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { V1PanelStatus } from '../../domain/api/v1';
import { CUSTOMER_PANELS_PAGE_SIZE } from '../../domain/constants';
import { panelRenewal, panelResumable } from '../../domain/panel-billing';
import { panelViewStatus } from '../../domain/status';
import { recordAudit } from '../audit/audit';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { containsPattern } from '../db/like-patterns';
import { perDatabase } from '../db/per-database';
import { readMemo } from '../db/read-memo';
import { orders, panels } from '../db/schema';
import { offsetOf, pageFacts } from '../orders/customer-paging';
import { subscriptionEndedAt } from '../orders/subscription-end';
import { replacementsUsedInPeriod } from '../replacements/used';

/** Inventory statuses of a panel that was the customer's and no longer is (D8). */
const PAST = ['expired', 'retired'] as const;

/** Why a past panel ended, as the customer reads it: a refund first, then a replacement. */
function pastStatus(row: { orderStatus: string | null; retiredReason: string | null }) {
  if (row.orderStatus === 'refunded') return 'refunded' as const;
  return row.retiredReason !== null ? ('replaced' as const) : ('expired' as const);
}

/**
 * The columns every list of the customer's panels reads, with its order's period (the lists
 * join the order): what the panel's renewal reads from (docs/decisions/0017).
 */
const panelColumns = {
  id: panels.id,
  orderId: panels.orderId,
  email: panels.email,
  purchaseDate: panels.purchaseDate,
  status: panels.status,
  domains: panels.domains,
  currentMailboxes: panels.currentMailboxes,
  maxMailboxes: panels.maxMailboxes,
  cancelAtPeriodEnd: panels.cancelAtPeriodEnd,
  endedAt: panels.endedAt,
  subscriptionStatus: orders.subscriptionStatus,
  currentPeriodEnd: orders.currentPeriodEnd,
};

interface PanelRow {
  id: number;
  orderId: number | null;
  email: string;
  purchaseDate: Date | null;
  domains: number;
  currentMailboxes: number;
  maxMailboxes: number;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
}

/** A panel as the customer's lists show it, with the status it reads as to them. */
function panelView<S>(row: PanelRow, status: S) {
  const facts = { ...row, subscriptionStatus: row.subscriptionStatus ?? '' };
  const { renewsAt, endsAt } = panelRenewal(facts);
  return {
    id: row.id,
    orderId: row.orderId,
    email: row.email,
    purchaseDate: row.purchaseDate?.toISOString() ?? null,
    status,
    domains: row.domains,
    currentMailboxes: row.currentMailboxes,
    maxMailboxes: row.maxMailboxes,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    renewsAt: renewsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    resumable: panelResumable(facts),
  };
}

/**
 * The page statement, one per shape (with or without a search), prepared once per database
 * handle: it runs on every visit to the panels page. The total rides along on each row (a
 * window count runs before the limit): one round trip.
 */
function preparePage(db: Database, withSearch: boolean) {
  return db
    .select({
      ...panelColumns,
      replacementsUsed: replacementsUsedInPeriod(),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(panels)
    .leftJoin(orders, eq(orders.id, panels.orderId))
    .where(
      and(
        eq(panels.workspaceId, sql.placeholder('workspaceId')),
        eq(panels.status, 'sold'),
        withSearch ? ilike(panels.email, sql.placeholder('pattern')) : undefined,
      ),
    )
    .orderBy(desc(panels.purchaseDate), asc(panels.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(withSearch ? 'customer_panels_search' : 'customer_panels_page');
}

async function countActivePanels(db: Database, workspaceId: string, term: string) {
  const where = and(
    eq(panels.workspaceId, workspaceId),
    eq(panels.status, 'sold'),
    term ? ilike(panels.email, containsPattern(term)) : undefined,
  );
  return (await db.select({ n: count() }).from(panels).where(where))[0]?.n ?? 0;
}

const activePanelPages = perDatabase((db) => ({
  page: preparePage(db, false),
  search: preparePage(db, true),
  memo: readMemo(db),
}));

/**
 * One page of the customer's active panels (status sold to them), newest purchase first,
 * optionally narrowed to e-mails containing `search` (case-insensitive; `%` and `_` are
 * literal). The (workspace_id, purchase_date desc) index scopes it to the workspace first, so any
 * fragment length is cheap, even for a customer with thousands of panels. No passwords:
 * they are revealed one request at a time (POST /api/me/panels/reveal, audit-logged).
 */
export async function pageOfActivePanels(
  db: Database,
  workspaceId: string,
  query: { page: number; search?: string | undefined },
) {
  const pageSize = CUSTOMER_PANELS_PAGE_SIZE;
  const term = query.search?.trim() ?? '';
  const statements = activePanelPages(db);
  const at = { workspaceId, limit: pageSize, offset: offsetOf(query.page, pageSize) };
  const load = () =>
    term ? statements.search.execute({ ...at, pattern: containsPattern(term) }) : statements.page.execute(at);
  const rows = await (statements.memo
    ? statements.memo.read(`panels:${workspaceId}:${query.page}:${term}`, load)
    : load());
  // Only a page past the end has no row to carry the total, and asks again.
  const total = rows[0]?.total ?? (query.page > 1 ? await countActivePanels(db, workspaceId, term) : 0);
  return {
    panels: rows.map((p) => ({
      ...panelView(p, panelViewStatus(p.status)),
      replacementsUsed: p.replacementsUsed,
    })),
    ...pageFacts(query.page, pageSize, total),
  };
}

/**
 * Panels the customer held whose subscription ended (docs/product.md §4): expired, or revoked by a
 * refund. Expiry and refunds retire the inventory row and keep `sold_to` and `order_id`
 * (billing/subscriptions/subscriptions.ts, billing/refunds/refund-close.ts), so the owner is still known; only an admin's
 * restock, which hands the panel out again with new credentials, removes the link, and the
 * panel then is no longer part of this customer's history.
 */
const pastWhere = (workspaceId: string) =>
  and(eq(panels.workspaceId, workspaceId), inArray(panels.status, [...PAST]));

export async function countPastPanels(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(panels).where(pastWhere(workspaceId));
  return row?.n ?? 0;
}

/**
 * One page of past panels, most recently ended first: e-mail, why it ended (refunded or
 * expired) and when (the refund's date, or the end of the paid period), and never a password.
 */
export async function pageOfPastPanels(db: Database, workspaceId: string, query: { page: number }) {
  const pageSize = CUSTOMER_PANELS_PAGE_SIZE;
  // A panel whose order is gone from view ends when the panel was retired.
  // A panel replaced under the warranty ended when it was retired, whatever its order does.
  // A panel canceled on its own ended when its period did (docs/decisions/0017).
  const endedAt = sql<Date>`case when ${panels.retiredReason} is not null then ${panels.updatedAt}
    else coalesce(${panels.endedAt}, ${subscriptionEndedAt}, ${panels.updatedAt}) end`.mapWith(
    panels.updatedAt,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: panels.id,
        email: panels.email,
        orderId: panels.orderId,
        purchaseDate: panels.purchaseDate,
        orderStatus: orders.status,
        retiredReason: panels.retiredReason,
        endedAt,
      })
      .from(panels)
      .leftJoin(orders, eq(orders.id, panels.orderId))
      .where(pastWhere(workspaceId))
      .orderBy(desc(endedAt), desc(panels.id))
      .limit(pageSize)
      .offset(offsetOf(query.page, pageSize)),
    countPastPanels(db, workspaceId),
  ]);
  return {
    panels: rows.map((p) => ({
      id: p.id,
      email: p.email,
      orderId: p.orderId,
      purchaseDate: p.purchaseDate?.toISOString() ?? null,
      status: pastStatus(p),
      endedAt: p.endedAt.toISOString(),
    })),
    ...pageFacts(query.page, pageSize, total),
  };
}

/**
 * Decrypts the passwords of the customer's own active panels, for display or an export. Ids
 * that are not theirs, or no longer active, are left out silently; every call is audited
 * (D7), with the panels actually revealed.
 */
export async function revealPanelPasswords(
  deps: { db: Database; cipher: PanelCipher },
  who: { id: string; email: string; workspaceId: string },
  request: { ids: number[]; purpose: 'reveal' | 'export'; ip: string; apiKeyId?: number },
) {
  const rows = await deps.db
    .select({ id: panels.id, password: panels.password })
    .from(panels)
    .where(
      and(
        inArray(panels.id, request.ids),
        eq(panels.workspaceId, who.workspaceId),
        eq(panels.status, 'sold'),
      ),
    );
  await recordAudit(deps.db, {
    actorId: who.id,
    actorEmail: who.email,
    action: request.purpose === 'export' ? 'panels.exported' : 'panel.password_revealed',
    targetType: 'panel',
    targetId: rows.length === 1 ? rows[0]?.id : undefined,
    // A reveal through /api/v1 names the key it was made with (docs/decisions/0011-api-keys.md).
    details: {
      panelIds: rows.map((r) => r.id),
      workspaceId: who.workspaceId,
      ...(request.apiKeyId === undefined ? {} : { apiKeyId: request.apiKeyId }),
    },
    ip: request.ip,
  });
  return rows.map((r) => ({ id: r.id, password: deps.cipher.decrypt(r.password) }));
}

/** What the customer sees of a panel they hold or held: active, expired or refunded. */
type OwnedPanelStatus = V1PanelStatus;

/** Panels that are or were the customer's, with how each reads to them (as the lists above). */
function ownedPanels(db: Database, where: SQL | undefined) {
  return db
    .select({ ...panelColumns, orderStatus: orders.status, retiredReason: panels.retiredReason })
    .from(panels)
    .leftJoin(orders, eq(orders.id, panels.orderId))
    .where(where);
}

function ownedPanelItem(row: Awaited<ReturnType<typeof ownedPanels>>[number]) {
  const status: OwnedPanelStatus = row.status === 'sold' ? 'active' : pastStatus(row);
  return panelView(row, status);
}

const ownedWhere = (workspaceId: string) =>
  and(eq(panels.workspaceId, workspaceId), inArray(panels.status, ['sold', ...PAST]));

function statusWhere(status: OwnedPanelStatus | undefined): SQL | undefined {
  if (status === 'active') return eq(panels.status, 'sold');
  const past = inArray(panels.status, [...PAST]);
  if (status === 'refunded') return and(past, eq(orders.status, 'refunded'));
  const notRefunded = or(sql`${orders.status} is null`, ne(orders.status, 'refunded'));
  if (status === 'replaced') return and(past, notRefunded, isNotNull(panels.retiredReason));
  if (status === 'expired') return and(past, notRefunded, isNull(panels.retiredReason));
  return undefined;
}

/**
 * Up to `limit` of the customer's panels, current and past, by id from the newest, after the
 * id `before` when given: a page of /api/v1/panels. Paging by id means a panel delivered
 * while a client walks the list never shifts the rows it has still to read.
 */
export async function panelsBefore(
  db: Database,
  workspaceId: string,
  query: { before?: number | undefined; limit: number; status?: OwnedPanelStatus | undefined },
) {
  const rows = await ownedPanels(
    db,
    and(
      ownedWhere(workspaceId),
      statusWhere(query.status),
      query.before === undefined ? undefined : lt(panels.id, query.before),
    ),
  )
    .orderBy(desc(panels.id))
    .limit(query.limit);
  return rows.map(ownedPanelItem);
}

/** One panel that is or was the customer's, or null (another customer's reads as none). */
export async function ownedPanel(db: Database, workspaceId: string, panelId: number) {
  const [row] = await ownedPanels(db, and(ownedWhere(workspaceId), eq(panels.id, panelId)));
  return row ? ownedPanelItem(row) : null;
}
