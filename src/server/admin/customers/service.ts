import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { CUSTOMERS_PAGE_SIZE } from '../../../domain/api/admin/customers';
import { ADMIN_WORKSPACE_MEMBERS_SHOWN } from '../../../domain/constants';
import { recordActorAudit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import { LastAdminError, type Role, setUserRole } from '../../auth/users';
import type { Database } from '../../db/client';
import {
  billingProfiles,
  orders,
  panels,
  payments,
  user,
  userProfiles,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { orderColumns } from '../orders/list';
import { type AdminList, type Page, pageByIds } from '../paging';
import { parseSearch } from '../search';
import { firstMembersByWorkspace } from './workspace-members';

/** A customer page shows ten, like the panels table. */
export { CUSTOMERS_PAGE_SIZE };

/** The customer view lists this many of their newest orders and panels. */
const DETAIL_LIMIT = 500;

export interface CustomerFilter {
  search?: string | undefined;
  role?: Role | undefined;
}

function customerWhere(filter: CustomerFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(user.role, filter.role));
  const term = parseSearch(filter.search);
  if (term) {
    const matches: SQL[] = [];
    if (term.pattern !== null) matches.push(ilike(user.email, term.pattern), ilike(user.name, term.pattern));
    // A user id is opaque hex; an exact paste of one finds that user.
    matches.push(eq(user.id, filter.search?.trim() ?? ''));
    conditions.push(or(...matches)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

// Per-customer figures for the rows of one page only, each served by an index on the user.
// "user"."id" is spelt out: drizzle leaves columns unqualified in a one-table select.
const orderCount = sql<number>`(select count(*)::int from ${orders} o where o.user_id = "user"."id")`;
const panelCount = sql<number>`(select count(*)::int from ${panels} p where p.sold_to = "user"."id" and p.status = 'sold')`;
const totalSpent = sql<number>`(select coalesce(sum(pay.amount_cents), 0)::int from ${payments} pay where pay.user_id = "user"."id" and pay.status = 'completed')`;

export interface CustomerListItem {
  id: string;
  email: string;
  name: string;
  role: string;
  createdAt: Date;
  orderCount: number;
  panelCount: number;
  totalSpentCents: number;
}

export async function listCustomers(
  db: Database,
  query: CustomerFilter & { page: number },
): Promise<Page<CustomerListItem>> {
  const newestFirst = [desc(user.createdAt), desc(user.id)];
  const list: AdminList = { table: user, id: user.id, where: customerWhere(query), orderBy: newestFirst };
  return pageByIds(db, list, { page: query.page, pageSize: CUSTOMERS_PAGE_SIZE }, async (pageIds) => {
    const rows = await db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        createdAt: user.createdAt,
        orderCount,
        panelCount,
        totalSpentCents: totalSpent,
      })
      .from(user)
      .where(inArray(user.id, pageIds))
      .orderBy(...newestFirst);
    return rows.map((r) => ({
      ...r,
      orderCount: Number(r.orderCount),
      panelCount: Number(r.panelCount),
      totalSpentCents: Number(r.totalSpentCents),
    }));
  });
}

/** One customer with their profile, figures, orders and panels (every status). */
export async function customerDetail(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      companyName: billingProfiles.companyName,
      phone: userProfiles.phone,
      country: billingProfiles.country,
      orderCount,
      panelCount,
      totalSpentCents: totalSpent,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    // The company and country their account came with: the personal workspace's billing profile.
    .leftJoin(workspaces, and(eq(workspaces.createdBy, user.id), eq(workspaces.personal, true)))
    .leftJoin(billingProfiles, eq(billingProfiles.workspaceId, workspaces.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound('No such user.');

  const [customerOrders, customerPanels, customerWorkspaces] = await Promise.all([
    db
      .select({
        id: orders.id,
        ...orderColumns,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(DETAIL_LIMIT),
    db
      .select({
        id: panels.id,
        email: panels.email,
        status: panels.status,
        orderId: panels.orderId,
        purchaseDate: panels.purchaseDate,
        maxMailboxes: panels.maxMailboxes,
      })
      .from(panels)
      .where(eq(panels.soldTo, userId))
      .orderBy(desc(panels.id))
      .limit(DETAIL_LIMIT),
    db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        personal: workspaces.personal,
        role: workspaceMembers.role,
      })
      .from(workspaceMembers)
      .innerJoin(
        workspaces,
        and(eq(workspaces.id, workspaceMembers.workspaceId), isNull(workspaces.deletedAt)),
      )
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(desc(workspaces.personal), asc(workspaces.name))
      .limit(DETAIL_LIMIT),
  ]);
  const members = await firstMembersByWorkspace(
    db,
    customerWorkspaces.map((w) => w.id),
    ADMIN_WORKSPACE_MEMBERS_SHOWN,
  );
  return {
    customer: {
      ...row,
      orderCount: Number(row.orderCount),
      panelCount: Number(row.panelCount),
      totalSpentCents: Number(row.totalSpentCents),
    },
    orders: customerOrders.map((o) => ({ ...o, delivered: Number(o.delivered) })),
    panels: customerPanels,
    workspaces: customerWorkspaces.map((w) => {
      const { members: listed, total } = members.get(w.id) ?? { members: [], total: 0 };
      return { ...w, members: listed, memberCount: total };
    }),
  };
}

/**
 * Makes a user an admin or a customer (D2). The last admin cannot be demoted (the business
 * would be locked out of its own console); that refusal is a 409 with the reason.
 */
export async function changeRole(db: Database, userId: string, role: Role, actor: Actor): Promise<Role> {
  const [target] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  if (!target) throw notFound('No such user.');
  if (target.role === role) return role;
  try {
    await setUserRole(db, userId, role);
  } catch (error) {
    if (error instanceof LastAdminError) throw conflict(error.message, 'last_admin');
    throw error;
  }
  await recordActorAudit(db, actor, {
    action: 'user.role_changed',
    targetType: 'user',
    targetId: userId,
    details: { from: target.role, to: role },
  });
  return role;
}
