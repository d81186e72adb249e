import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Workspace } from '../../domain/api/workspaces';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/status';
import { MAX_WORKSPACES_PER_PERSON, type WorkspaceRole } from '../../domain/workspaces/roles';
import { recordActorAudit } from '../audit/audit';
import type { Database, Tx } from '../db/client';
import {
  apiKeys,
  orders,
  user,
  webhookEndpoints,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { type Actor, memberRow, NOT_YOURS, setActiveWorkspace, underWorkspaceLock } from './locks';
import { listMembers, revokeKeysOf } from './members';

// Workspaces as their members see them: the list, making one, moving the session between them,
// leaving, deleting and handing ownership over (docs/decisions/0023-workspaces.md).

/** Members of the workspace in the same row; correlated on the joined, so qualified, column. */
const memberCount = sql<number>`(select count(*)::int from ${workspaceMembers} m where m.workspace_id = ${workspaces.id})`;

/** Live workspaces with the member's role in each, as the list shows them. */
const membershipsOf = (db: Database | Tx) =>
  db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      personal: workspaces.personal,
      members: memberCount,
    })
    .from(workspaceMembers)
    .innerJoin(
      workspaces,
      and(eq(workspaces.id, workspaceMembers.workspaceId), isNull(workspaces.deletedAt)),
    );

/** The caller's workspaces, personal first, then by name. */
export async function listWorkspaces(db: Database | Tx, userId: string): Promise<Workspace[]> {
  return membershipsOf(db)
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(desc(workspaces.personal), asc(workspaces.name), asc(workspaces.id))
    .then((rows) => rows.map((r) => ({ ...r, members: Number(r.members) })));
}

/** One of the caller's workspaces as the list shows it; 404 when they are not a member. */
export async function workspaceOf(
  db: Database | Tx,
  userId: string,
  workspaceId: string,
): Promise<Workspace> {
  const [row] = await membershipsOf(db).where(
    and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)),
  );
  if (!row) throw notFound(NOT_YOURS);
  return { ...row, members: Number(row.members) };
}

/** A new workspace with the caller as its owner; the session moves into it. */
export async function createWorkspace(
  db: Database,
  actor: Actor,
  input: { name: string; sessionId: string },
): Promise<Workspace> {
  return db.transaction(async (tx) => {
    // The person's row is locked so two creations at once cannot both pass the count.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for('update');
    const [made] = await tx
      .select({ n: count() })
      .from(workspaces)
      .where(
        and(eq(workspaces.createdBy, actor.id), eq(workspaces.personal, false), isNull(workspaces.deletedAt)),
      );
    if ((made?.n ?? 0) >= MAX_WORKSPACES_PER_PERSON) {
      throw conflict(
        `You made ${MAX_WORKSPACES_PER_PERSON} workspaces already, the most one person may; delete one you no longer use first.`,
        'too_many_workspaces',
      );
    }
    const [row] = await tx
      .insert(workspaces)
      .values({ name: input.name, createdBy: actor.id })
      .returning({ id: workspaces.id, name: workspaces.name });
    if (!row) throw new Error('The workspace was not stored.');
    await tx.insert(workspaceMembers).values({ workspaceId: row.id, userId: actor.id, role: 'owner' });
    await setActiveWorkspace(tx, input.sessionId, row.id);
    await recordActorAudit(tx, actor, {
      action: 'workspace.created',
      targetType: 'workspace',
      targetId: row.id,
      details: { workspaceId: row.id, name: row.name },
    });
    return { id: row.id, name: row.name, role: 'owner' as WorkspaceRole, personal: false, members: 1 };
  });
}

/** Moves the session into one of the caller's workspaces; 404 for any other. */
export async function activateWorkspace(
  db: Database,
  input: { userId: string; sessionId: string; workspaceId: string },
): Promise<Workspace> {
  const workspace = await workspaceOf(db, input.userId, input.workspaceId);
  await setActiveWorkspace(db, input.sessionId, workspace.id);
  return workspace;
}

/**
 * The caller leaves a workspace. Not their personal one, and not one they own (ownership is
 * handed over first). The keys they made there are revoked with it.
 */
export async function leaveWorkspace(db: Database, actor: Actor, workspaceId: string, now: Date) {
  await underWorkspaceLock(db, workspaceId, async (tx, workspace) => {
    const me = await memberRow(tx, workspaceId, actor.id);
    if (!me) throw notFound(NOT_YOURS);
    if (workspace.personal && workspace.createdBy === actor.id) {
      throw conflict('This is your personal workspace: it stays with your account.', 'personal_workspace');
    }
    if (me.role === 'owner') {
      throw conflict(
        `You own ${workspace.name}: hand its ownership to another member before you leave, or delete it.`,
        'last_owner',
      );
    }
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, actor.id)));
    const keysRevoked = await revokeKeysOf(tx, workspaceId, actor.id, now);
    await recordActorAudit(tx, actor, {
      action: 'member.left',
      targetType: 'user',
      targetId: actor.id,
      details: { workspaceId, role: me.role, keysRevoked },
    });
  });
}

/**
 * Whether the workspace still has business running: a subscription still billed, or an
 * order waiting for its payment. Its orders and invoices stay either way, for the accounts.
 */
async function inUse(tx: Tx, workspaceId: string): Promise<boolean> {
  const [busy] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.workspaceId, workspaceId),
        or(
          inArray(orders.subscriptionStatus, [...LIVE_SUBSCRIPTION_STATUSES]),
          eq(orders.status, 'pending_payment'),
        ),
      ),
    )
    .limit(1);
  return busy !== undefined;
}

/**
 * Deletes a workspace: the row stays (its orders keep naming it) with deleted_at set; its
 * members and pending invitations go, its API keys are revoked and its webhook endpoints
 * turned off, in one transaction.
 */
export async function deleteWorkspace(db: Database, actor: Actor, workspaceId: string, now: Date) {
  await underWorkspaceLock(db, workspaceId, async (tx, workspace) => {
    // The guard read the role before this lock; a transfer may have landed in between.
    const me = await memberRow(tx, workspaceId, actor.id);
    if (me?.role !== 'owner') throw forbidden(`Only the owner of ${workspace.name} may delete it.`);
    if (workspace.personal) {
      throw conflict('This is your personal workspace: it stays with your account.', 'personal_workspace');
    }
    if (await inUse(tx, workspaceId)) {
      throw conflict(
        `${workspace.name} still has subscriptions running or orders waiting for payment: cancel them, or let them end, before you delete it.`,
        'workspace_in_use',
      );
    }
    await tx.update(workspaces).set({ deletedAt: now, updatedAt: now }).where(eq(workspaces.id, workspaceId));
    const members = await tx
      .delete(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .returning({ userId: workspaceMembers.userId });
    const invitations = await tx
      .delete(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      )
      .returning({ id: workspaceInvitations.id });
    const keys = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    const endpoints = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: now, lockedUntil: null, leaseToken: null })
      .where(and(eq(webhookEndpoints.workspaceId, workspaceId), isNull(webhookEndpoints.disabledAt)))
      .returning({ id: webhookEndpoints.id });
    await recordActorAudit(tx, actor, {
      action: 'workspace.deleted',
      targetType: 'workspace',
      targetId: workspaceId,
      details: {
        workspaceId,
        name: workspace.name,
        members: members.length,
        invitationsDropped: invitations.length,
        keysRevoked: keys.length,
        webhookEndpointsDisabled: endpoints.length,
      },
    });
  });
}

/**
 * Hands ownership to another member: they become the owner and the caller an admin, both
 * rows changed under the workspace's lock, so there is exactly one owner before and after.
 * A personal workspace stays its person's.
 */
export async function transferOwnership(db: Database, actor: Actor, workspaceId: string, toUserId: string) {
  return underWorkspaceLock(db, workspaceId, async (tx, workspace) => {
    const me = await memberRow(tx, workspaceId, actor.id);
    if (me?.role !== 'owner') throw forbidden(`Only the owner of ${workspace.name} may hand it over.`);
    if (workspace.personal) {
      throw conflict(
        'A personal workspace stays with its account; make a workspace for the team and hand that one over.',
        'personal_workspace',
      );
    }
    const next = await memberRow(tx, workspaceId, toUserId);
    if (!next) throw notFound('That person is not a member of this workspace.');
    if (next.userId !== actor.id) {
      await tx
        .update(workspaceMembers)
        .set({ role: 'owner' })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, toUserId)));
      await tx
        .update(workspaceMembers)
        .set({ role: 'admin' })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, actor.id)));
      await recordActorAudit(tx, actor, {
        action: 'workspace.transferred',
        targetType: 'workspace',
        targetId: workspaceId,
        details: { workspaceId, from: actor.id, to: toUserId, previousRole: next.role },
      });
    }
    return listMembers(tx, workspaceId);
  });
}
