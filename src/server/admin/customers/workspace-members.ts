import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user, workspaceMembers } from '../../db/schema';
import { memberColumns, type WorkspaceMember } from '../../outbox/workspace-recipients';

export interface FirstMembers {
  /** At most the `limit` asked for, in membersByWorkspace's order. */
  members: WorkspaceMember[];
  /** Everyone in the workspace, listed or not. */
  total: number;
}

/**
 * The first `limit` members of each workspace named, by workspace id, with how many it has in
 * all, for the admin's customer view, where a workspace may have thousands; in the order of
 * membersByWorkspace (outbox/workspace-recipients.ts). The database ranks and counts them, so
 * only the rows shown leave it.
 */
export async function firstMembersByWorkspace(
  db: Database,
  workspaceIds: readonly string[],
  limit: number,
): Promise<Map<string, FirstMembers>> {
  const ids = [...new Set(workspaceIds)];
  const found = new Map<string, FirstMembers>();
  if (ids.length === 0) return found;
  const ranked = db
    .select({
      ...memberColumns,
      place:
        sql<number>`row_number() over (partition by ${workspaceMembers.workspaceId} order by ${workspaceMembers.role} = 'owner' desc, ${workspaceMembers.createdAt}, ${workspaceMembers.userId})`.as(
          'place',
        ),
      total: sql<number>`(count(*) over (partition by ${workspaceMembers.workspaceId}))::int`.as('total'),
    })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .where(inArray(workspaceMembers.workspaceId, ids))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.place, limit))
    .orderBy(asc(ranked.workspaceId), asc(ranked.place));
  for (const { workspaceId, total, place: _, ...member } of rows) {
    const entry = found.get(workspaceId) ?? { members: [], total: Number(total) };
    entry.members.push(member);
    found.set(workspaceId, entry);
  }
  return found;
}
