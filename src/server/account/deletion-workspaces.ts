import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { type AuditEntry, recordAudits } from '../audit/audit';
import type { Tx } from '../db/client';
import {
  apiKeys,
  orders,
  panels,
  webhookEndpoints,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '../db/schema';
import { conflict } from '../http/errors';

/*
 * What deleting an account does to workspaces (docs/decisions/0023-workspaces.md, Deleting an
 * account): refused while it owns one that others belong to; the workspaces it owns alone
 * (its personal one among them) close with it; it leaves every other one, whose orders stay.
 */

/** The refusal's text: the person names what to do first. */
export function sharedWorkspaceRefusal(names: string[]) {
  const list = names.join(', ');
  return conflict(
    `You own ${list}, which other people belong to. Hand ${names.length === 1 ? 'its' : 'their'} ownership to another member, or remove the members, before you delete your account.`,
    'owns_shared_workspace',
  );
}

/**
 * The live workspaces the person owns, locked (so nobody joins one while the account goes: an
 * acceptance waits, then finds it deleted), earliest first. Refused if any has another member.
 */
export async function claimOwnedWorkspaces(tx: Tx, userId: string): Promise<string[]> {
  const owned = await tx
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .where(and(eq(workspaceMembers.role, 'owner'), isNull(workspaces.deletedAt)))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id))
    .for('update', { of: workspaces });
  if (owned.length === 0) return [];
  const ids = owned.map((w) => w.id);
  const others = await tx
    .selectDistinct({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(inArray(workspaceMembers.workspaceId, ids), ne(workspaceMembers.userId, userId)));
  const shared = new Set(others.map((o) => o.workspaceId));
  if (shared.size > 0) throw sharedWorkspaceRefusal(owned.filter((w) => shared.has(w.id)).map((w) => w.name));
  return ids;
}

/** The owner of each live workspace named, by workspace id. */
export async function ownersOf(tx: Tx, workspaceIds: string[]): Promise<Map<string, string>> {
  if (workspaceIds.length === 0) return new Map();
  const rows = await tx
    .select({ workspaceId: workspaceMembers.workspaceId, userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        inArray(workspaceMembers.workspaceId, [...new Set(workspaceIds)]),
        eq(workspaceMembers.role, 'owner'),
        isNull(workspaces.deletedAt),
      ),
    );
  return new Map(rows.map((r) => [r.workspaceId, r.userId]));
}

/**
 * Closes the workspaces the person owned alone, as deleting a workspace does: the row stays
 * with deleted_at (its orders keep naming it), its pending invitations go, its keys are
 * revoked and its webhook endpoints turned off.
 */
export async function closeOwnedWorkspaces(tx: Tx, workspaceIds: string[], now: Date): Promise<void> {
  if (workspaceIds.length === 0) return;
  await tx
    .update(workspaces)
    .set({ deletedAt: now, updatedAt: now })
    .where(inArray(workspaces.id, workspaceIds));
  // Only the owner is left in them (claimOwnedWorkspaces): their row goes with the workspace.
  await tx.delete(workspaceMembers).where(inArray(workspaceMembers.workspaceId, workspaceIds));
  await tx
    .delete(workspaceInvitations)
    .where(
      and(
        inArray(workspaceInvitations.workspaceId, workspaceIds),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    );
  await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(inArray(apiKeys.workspaceId, workspaceIds), isNull(apiKeys.revokedAt)));
  await tx
    .update(webhookEndpoints)
    .set({ disabledAt: now, lockedUntil: null, leaseToken: null })
    .where(and(inArray(webhookEndpoints.workspaceId, workspaceIds), isNull(webhookEndpoints.disabledAt)));
}

/**
 * The person leaves every workspace they are a member of but do not own; each workspace's
 * audit log says so. Their keys there go with the account (api_keys cascade on the user).
 * The ids of the workspaces left.
 */
export async function leaveOtherWorkspaces(tx: Tx, userId: string, ip: string | null): Promise<string[]> {
  // Run after closeOwnedWorkspaces: the rows left are memberships in other people's workspaces.
  const left = await tx
    .delete(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId))
    .returning({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role });
  const entries: AuditEntry[] = left.map((m) => ({
    actorId: null,
    action: 'member.left',
    targetType: 'user',
    targetId: userId,
    details: { workspaceId: m.workspaceId, role: m.role, reason: 'account_deleted' },
    ip,
  }));
  await recordAudits(tx, entries);
  return left.map((m) => m.workspaceId);
}

/**
 * Orders the person placed in workspaces others own stay with those workspaces and run on:
 * each is put in its owner's name (a null user link would read as a deleted account's order
 * everywhere, and end it), with the panels sold under it. The audit log keeps who placed it.
 * Run before the person's panels are retired. The ids kept.
 */
export async function keepOrdersInOthersWorkspaces(
  tx: Tx,
  userId: string,
  kept: readonly { id: number; workspaceId: string | null }[],
  ownerOf: ReadonlyMap<string, string>,
  now: Date,
): Promise<number[]> {
  const entries: AuditEntry[] = [];
  for (const order of kept) {
    const owner = order.workspaceId ? ownerOf.get(order.workspaceId) : undefined;
    if (!owner) continue;
    await tx.update(orders).set({ userId: owner, updatedAt: now }).where(eq(orders.id, order.id));
    await tx
      .update(panels)
      .set({ soldTo: owner, updatedAt: now })
      .where(and(eq(panels.orderId, order.id), eq(panels.soldTo, userId)));
    entries.push({
      actorId: null,
      action: 'order.reassigned',
      targetType: 'order',
      targetId: order.id,
      details: { from: userId, to: owner, workspaceId: order.workspaceId, reason: 'account_deleted' },
    });
  }
  await recordAudits(tx, entries);
  return entries.map((e) => Number(e.targetId));
}
