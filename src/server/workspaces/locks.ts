import { and, eq, isNull } from 'drizzle-orm';
import type { recordActorAudit } from '../audit/audit';
import type { Database, Tx } from '../db/client';
import { session, workspaceMembers, workspaces } from '../db/schema';
import { notFound } from '../http/errors';

/** Who acts, as the audit log names them: the person and where the request came from. */
export type Actor = Parameters<typeof recordActorAudit>[1];

export const NOT_YOURS = 'No such workspace among yours.';

/**
 * The workspace row, locked for the change: every change to a workspace's members or
 * invitations takes this lock first, so two of them (a transfer and a role change, say) never
 * both act on the members as they were, and the workspace always has exactly one owner.
 */
export async function lockWorkspace(tx: Tx, workspaceId: string, message = NOT_YOURS) {
  const [row] = await tx
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deletedAt)))
    .for('update');
  if (!row) throw notFound(message);
  return row;
}

/** A change to a workspace's members or invitations, in one transaction that takes lockWorkspace first. */
export function underWorkspaceLock<T>(
  db: Database,
  workspaceId: string,
  change: (tx: Tx, workspace: Awaited<ReturnType<typeof lockWorkspace>>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => change(tx, await lockWorkspace(tx, workspaceId)));
}

/**
 * Locks the workspace's row before counting what it holds against a cap (API keys, webhook
 * endpoints), so two creations at once cannot both pass the count. Unlike lockWorkspace it
 * refuses no workspace: the caller already works in it.
 */
export async function lockWorkspaceForCap(tx: Tx, workspaceId: string): Promise<void> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
}

/** A person's row in a workspace, locked; null when they are not a member. */
export async function memberRow(tx: Tx, workspaceId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .for('update');
  return row ?? null;
}

/** What the session's next request works in. No foreign key: every request checks the membership. */
export async function setActiveWorkspace(db: Database | Tx, sessionId: string, workspaceId: string) {
  await db.update(session).set({ activeWorkspaceId: workspaceId }).where(eq(session.id, sessionId));
}
