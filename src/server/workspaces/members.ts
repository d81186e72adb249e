import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Member } from '../../domain/api/workspaces';
import { displayName } from '../../domain/format';
import type { AssignableRole } from '../../domain/workspaces/roles';
import { recordActorAudit } from '../audit/audit';
import type { Database, Tx } from '../db/client';
import { apiKeys, user, workspaceMembers } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { type Actor, memberRow, underWorkspaceLock } from './locks';

// A workspace's members, managed from inside it: the list, a role change, a removal. Each
// applies at the member's next request: the session reads the membership on every request.

const NOT_A_MEMBER = 'That person is not a member of this workspace.';

function memberQuery(db: Database | Tx) {
  return db
    .select({
      userId: workspaceMembers.userId,
      email: user.email,
      name: user.name,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
      lastActiveAt: workspaceMembers.lastActiveAt,
    })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId));
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['execute']>>[number];

const memberOut = (row: MemberRow): Member => ({
  userId: row.userId,
  email: row.email,
  name: displayName({ name: row.name, email: row.email }),
  role: row.role,
  joinedAt: row.joinedAt.toISOString(),
  lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
});

/** The members, earliest first (the owner who made it leads). */
export async function listMembers(db: Database | Tx, workspaceId: string): Promise<{ members: Member[] }> {
  const rows = await memberQuery(db)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  return { members: rows.map(memberOut) };
}

async function oneMember(db: Database | Tx, workspaceId: string, userId: string): Promise<Member> {
  const [row] = await memberQuery(db).where(
    and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
  );
  if (!row) throw notFound(NOT_A_MEMBER);
  return memberOut(row);
}

/**
 * Revokes the keys a person made in a workspace they no longer belong to; their count. The
 * key lookup refuses them already once the membership is gone; this makes it last.
 */
export async function revokeKeysOf(tx: Tx, workspaceId: string, userId: string, now: Date): Promise<number> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length;
}

/** Gives a member another role; the owner's changes only by handing ownership over. */
export async function changeMemberRole(
  db: Database,
  actor: Actor,
  input: { workspaceId: string; userId: string; role: AssignableRole },
): Promise<Member> {
  const { workspaceId, userId, role } = input;
  return underWorkspaceLock(db, workspaceId, async (tx) => {
    const target = await memberRow(tx, workspaceId, userId);
    if (!target) throw notFound(NOT_A_MEMBER);
    if (target.role === 'owner') {
      throw conflict("The owner's role changes only by handing ownership to another member.", 'owner_role');
    }
    if (target.role !== role) {
      await tx
        .update(workspaceMembers)
        .set({ role })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
      await recordActorAudit(tx, actor, {
        action: 'member.role_changed',
        targetType: 'user',
        targetId: userId,
        details: { workspaceId, from: target.role, to: role },
      });
    }
    return oneMember(tx, workspaceId, userId);
  });
}

/** Removes a member, and revokes the API keys they made in the workspace, in one transaction. */
export async function removeMember(
  db: Database,
  actor: Actor,
  input: { workspaceId: string; userId: string },
  now: Date,
): Promise<void> {
  const { workspaceId, userId } = input;
  await underWorkspaceLock(db, workspaceId, async (tx) => {
    const target = await memberRow(tx, workspaceId, userId);
    if (!target) throw notFound(NOT_A_MEMBER);
    if (target.role === 'owner') {
      throw conflict(
        'The owner cannot be removed: they hand ownership to another member first.',
        'last_owner',
      );
    }
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    const keysRevoked = await revokeKeysOf(tx, workspaceId, userId, now);
    await recordActorAudit(tx, actor, {
      action: 'member.removed',
      targetType: 'user',
      targetId: userId,
      details: { workspaceId, role: target.role, keysRevoked },
    });
  });
}
