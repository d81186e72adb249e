import { and, eq, sql } from 'drizzle-orm';
import { PERSONAL_WORKSPACE_NAME } from '../../domain/workspaces/roles';
import type { Database, Tx } from '../db/client';
import { workspaceMembers, workspaces } from '../db/schema';

/**
 * The person's personal workspace, made with them as its owner if they have none yet; its id.
 * Idempotent (one personal workspace per person, by a unique index), so sign-up, the CLI and a
 * sign-in that finds an account made before workspaces all call it safely.
 */
export async function ensurePersonalWorkspace(db: Database | Tx, userId: string): Promise<string> {
  const [made] = await db
    .insert(workspaces)
    .values({ name: PERSONAL_WORKSPACE_NAME, personal: true, createdBy: userId })
    .onConflictDoNothing({ target: workspaces.createdBy, where: sql`${workspaces.personal}` })
    .returning({ id: workspaces.id });
  if (made) {
    await db.insert(workspaceMembers).values({ workspaceId: made.id, userId, role: 'owner' });
    return made.id;
  }
  const [existing] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.createdBy, userId), eq(workspaces.personal, true)));
  if (!existing) throw new Error('The personal workspace was neither made nor found.');
  return existing.id;
}
