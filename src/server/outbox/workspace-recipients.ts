import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { WorkspaceRole } from '../../domain/workspaces/roles';
import { orders, user, workspaceMembers } from '../db/schema';
import type { TxOrDb } from './enqueue';

/*
 * Who is mailed about a workspace's things (docs/decisions/0023-workspaces.md, Mail): the one
 * place that decides it, so every enqueue site sends the same people the same kind of news.
 * The message is then queued once per address, and enqueueEmails applies each recipient's
 * own preferences. A deleted workspace has no members left, so it gets no mail, as a deleted
 * account's orders got none before.
 */

/**
 * What a message is about:
 * - billing: orders, payment instructions and reminders, confirmations, renewals, dunning,
 *   cancellations, refunds, panel additions (money changes hands);
 * - panels: panels delivered or late, replaced, stopped;
 * - integrations: API keys and webhook endpoints.
 */
export type WorkspaceMailKind = 'billing' | 'panels' | 'integrations';

/**
 * The roles each kind goes to. The owner always; billing news to the billing members, panel
 * news to the operators, integration news to the admins who manage them. An admin may read
 * billing and panels too but is not mailed about them: they are there to run the workspace,
 * and a mailbox full of every order's news is what the billing and operator roles spare them.
 */
export const MAIL_ROLES: Readonly<Record<WorkspaceMailKind, readonly WorkspaceRole[]>> = {
  billing: ['owner', 'billing'],
  panels: ['owner', 'operator'],
  integrations: ['owner', 'admin'],
};

export interface MailRecipient {
  userId: string;
  email: string;
}

export interface WorkspaceMember extends MailRecipient {
  role: WorkspaceRole;
}

/** What a member list reads of each member (with `user` joined on the member's id). */
export const memberColumns = {
  workspaceId: workspaceMembers.workspaceId,
  userId: workspaceMembers.userId,
  email: user.email,
  role: workspaceMembers.role,
};

/**
 * The members of each workspace named, by workspace id: the owner first, then by joining;
 * only those holding one of `roles` when given. The mail below reads members this way; the
 * admin's customer view (admin/customers/workspace-members.ts) lists them in the same order.
 */
export async function membersByWorkspace(
  db: TxOrDb,
  workspaceIds: readonly string[],
  roles?: readonly WorkspaceRole[],
): Promise<Map<string, WorkspaceMember[]>> {
  const ids = [...new Set(workspaceIds)];
  const found = new Map<string, WorkspaceMember[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .where(
      and(
        inArray(workspaceMembers.workspaceId, ids),
        roles ? inArray(workspaceMembers.role, [...roles]) : undefined,
      ),
    )
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  for (const { workspaceId, ...member } of rows) {
    const list = found.get(workspaceId) ?? [];
    if (member.role === 'owner') list.unshift(member);
    else list.push(member);
    found.set(workspaceId, list);
  }
  return found;
}

/** The recipients of each workspace named, by workspace id: the owner first, then by joining. */
export async function workspacesRecipients(
  db: TxOrDb,
  workspaceIds: readonly string[],
  kind: WorkspaceMailKind,
): Promise<Map<string, MailRecipient[]>> {
  const members = await membersByWorkspace(db, workspaceIds, MAIL_ROLES[kind]);
  return new Map(
    [...members].map(([id, list]) => [id, list.map(({ userId, email }) => ({ userId, email }))]),
  );
}

/** The recipients of one workspace's mail of this kind. */
export async function workspaceRecipients(
  db: TxOrDb,
  workspaceId: string,
  kind: WorkspaceMailKind,
): Promise<MailRecipient[]> {
  return (await workspacesRecipients(db, [workspaceId], kind)).get(workspaceId) ?? [];
}

/**
 * The addresses mail of this kind about each order goes to, by order id (none: absent). An
 * order with no user link is a deleted account's, ended with it: nobody is told about it.
 */
export async function orderRecipients(
  db: TxOrDb,
  orderIds: readonly number[],
  kind: WorkspaceMailKind,
): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select({ id: orders.id, workspaceId: orders.workspaceId })
    .from(orders)
    .where(and(inArray(orders.id, [...new Set(orderIds)]), isNotNull(orders.userId)));
  const byWorkspace = await workspacesRecipients(
    db,
    rows.flatMap((r) => (r.workspaceId ? [r.workspaceId] : [])),
    kind,
  );
  for (const row of rows) {
    const to = (row.workspaceId && byWorkspace.get(row.workspaceId)) || [];
    if (to.length > 0)
      found.set(
        row.id,
        to.map((r) => r.email),
      );
  }
  return found;
}
