import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ApiKeyScope } from '../../domain/api-keys';
import type { WorkspaceRole } from '../../domain/workspaces/roles';
import { generateApiKey, hashApiKey } from '../api-keys/service';
import type { Database } from '../db/client';
import { apiKeys, workspaceMembers, workspaces } from '../db/schema';
import { signedInAccount } from './accounts';
import { type TestClient, testAppForSuite } from './test-app';

/** The token in an invitation e-mail's link. */
export const invitationTokenIn = (text: string | undefined) =>
  /\/invitations\/(inv_[A-Za-z0-9_-]{43})\b/.exec(text ?? '')?.[1];

/** A verified person, signed in, with the personal workspace every account comes with. */
export async function person(app: FastifyInstance, db: Database, email: string, name?: string) {
  const { client, id } = await signedInAccount(app, db, { email, role: 'user', ...(name ? { name } : {}) });
  return { client, id, email, personalId: await personalWorkspaceId(db, id) };
}
export type Person = Awaited<ReturnType<typeof person>>;

/** A workspace the client makes through the API (its session moves into it); its id. */
export async function newWorkspace(client: TestClient, name: string): Promise<string> {
  const res = await client.post('/api/me/workspaces', { name });
  if (res.statusCode !== 201) throw new Error(`the workspace was not made: ${res.body}`);
  return (res.json() as { id: string }).id;
}

let lastJoinedAt = 0;

/**
 * A member put straight into the table, for tests about what a member may do, not how they joined.
 * Each joins a millisecond after anyone before: the embedded database's clock counts
 * milliseconds, and members who joined in the same one are listed in the order of their random ids.
 */
export async function addMember(db: Database, workspaceId: string, userId: string, role: WorkspaceRole) {
  lastJoinedAt = Math.max(Date.now() + 1, lastJoinedAt + 1);
  await db.insert(workspaceMembers).values({ workspaceId, userId, role, createdAt: new Date(lastJoinedAt) });
}

/** Moves the client's session into a workspace, as the switcher does. */
export async function activate(client: TestClient, workspaceId: string) {
  const res = await client.post(`/api/me/workspaces/${workspaceId}/activate`);
  if (res.statusCode !== 200) throw new Error(`could not switch to ${workspaceId}: ${res.body}`);
}

/** The session's workspace as GET /api/me tells the web app. */
export async function activeWorkspace(client: TestClient) {
  return (await client.get('/api/me')).json().workspace as { id: string; role: WorkspaceRole } | null;
}

/** An API key of a member in a workspace, straight into the table; the key in clear. */
export async function insertWorkspaceKey(
  db: Database,
  input: { userId: string; workspaceId: string; role: WorkspaceRole; scope?: ApiKeyScope },
): Promise<string> {
  const key = generateApiKey();
  await db.insert(apiKeys).values({
    ...input,
    name: 'Sync',
    scope: input.scope ?? 'read',
    keyHash: hashApiKey(key),
    hint: key.slice(0, 8),
  });
  return key;
}

/** A GET on the public API with a key. */
export function v1Get(app: FastifyInstance, key: string, url = '/api/v1/orders') {
  return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
}

/** The id of the personal workspace an account is given when it is made. */
export async function personalWorkspaceId(db: Database, userId: string): Promise<string> {
  const [personal] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.createdBy, userId), eq(workspaces.personal, true)));
  if (!personal) throw new Error(`${userId} has no personal workspace`);
  return personal.id;
}

/** New verified people for one test file, signed in: `word` and a count make each address fresh. */
export function peopleSeries(app: () => FastifyInstance, db: () => Database) {
  let n = 0;
  return (word = 'ws') => {
    n += 1;
    return person(app(), db(), `${word}${n}@example.com`, `${word[0]?.toUpperCase()}${word.slice(1)} ${n}`);
  };
}

/**
 * A workspace test file's app (requests limited ten times less strictly than in production), its
 * database, new people for it, and the table and API helpers bound to both.
 */
export function workspaceSuite() {
  const t = testAppForSuite({ RATE_LIMIT_MULTIPLIER: '10' });
  const db = () => t.database.db;
  return {
    t,
    db,
    someone: peopleSeries(() => t.app, db),
    addMember: (workspaceId: string, userId: string, role: WorkspaceRole) =>
      addMember(db(), workspaceId, userId, role),
    insertKey: (input: Parameters<typeof insertWorkspaceKey>[1]) => insertWorkspaceKey(db(), input),
    /** The status a GET on the public API answers the key with. */
    v1Status: async (key: string) => (await v1Get(t.app, key)).statusCode,
  };
}
