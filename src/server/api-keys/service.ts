import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import {
  API_KEY_HINT_LENGTH,
  API_KEY_PREFIX,
  API_KEY_SECRET_LENGTH,
  type ApiKeyScope,
  MAX_API_KEYS_PER_USER,
} from '../../domain/api-keys';
import { type AssignableRole, roleWithin, type WorkspaceRole } from '../../domain/workspaces/roles';
import { recordActorAudit } from '../audit/audit';
import type { Database } from '../db/client';
import { apiKeys, user, workspaceMembers, workspaces } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { lockWorkspaceForCap } from '../workspaces/locks';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Bytes at or above this would favour the first characters of BASE62 (256 % 62 = 8). */
const UNBIASED_BELOW = 256 - (256 % 62);

/** `phk_` and 43 uniformly random base62 characters (256 bits). */
export function generateApiKey(): string {
  let secret = '';
  while (secret.length < API_KEY_SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < UNBIASED_BELOW) secret += BASE62[byte % 62];
      if (secret.length === API_KEY_SECRET_LENGTH) break;
    }
  }
  return API_KEY_PREFIX + secret;
}

/**
 * A key has 256 random bits, so one unsalted SHA-256 is enough to make the stored value
 * useless to whoever reads the table, and it lets a request find its key by an indexed
 * equality instead of comparing secrets (docs/decisions/0011-api-keys.md).
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether text could be one of our keys at all, before any database work. */
export function looksLikeApiKey(text: string): boolean {
  return (
    text.length === API_KEY_PREFIX.length + API_KEY_SECRET_LENGTH &&
    text.startsWith(API_KEY_PREFIX) &&
    /^[0-9A-Za-z]+$/.test(text.slice(API_KEY_PREFIX.length))
  );
}

type ApiKeyRow = typeof apiKeys.$inferSelect;

function listed(row: ApiKeyRow, createdBy: string | null) {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    role: row.role,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

interface Actor {
  id: string;
  email: string;
  ip: string | null;
  workspaceId: string;
  role: WorkspaceRole;
}

/** An audit entry about one of the actor's keys: its name and scope, never the key. */
function recordKeyAudit(
  tx: Pick<Database, 'insert'>,
  actor: Actor,
  action: 'api_key.created' | 'api_key.revoked',
  row: ApiKeyRow,
) {
  return recordActorAudit(tx, actor, {
    action,
    targetType: 'api_key',
    targetId: row.id,
    details: { name: row.name, scope: row.scope, role: row.role, workspaceId: row.workspaceId },
  });
}

/** The workspace's keys still in force, newest first, with who made each. */
export async function listApiKeys(db: Database, workspaceId: string) {
  const rows = await db
    .select({ key: apiKeys, creator: user.email })
    .from(apiKeys)
    .leftJoin(user, eq(user.id, apiKeys.userId))
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id));
  return rows.map((r) => listed(r.key, r.creator));
}

/** A new key's role: the one asked for if its creator holds all it allows, else a 403. */
function keyRoleFor(actor: Actor, asked: AssignableRole | undefined): WorkspaceRole {
  const role = asked ?? (actor.role === 'owner' ? 'admin' : actor.role);
  if (!roleWithin(role, actor.role)) {
    throw forbidden(`A key can do at most what its creator can: your role is ${actor.role}, so not ${role}.`);
  }
  return role;
}

/** Makes a key and answers it whole: the only time it exists outside the caller's hands. */
export async function createApiKey(
  db: Database,
  actor: Actor,
  input: { name: string; scope: ApiKeyScope; role?: AssignableRole | undefined },
) {
  const role = keyRoleFor(actor, input.role);
  return db.transaction(async (tx) => {
    await lockWorkspaceForCap(tx, actor.workspaceId);
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, actor.workspaceId), isNull(apiKeys.revokedAt)));
    if ((held?.n ?? 0) >= MAX_API_KEYS_PER_USER) {
      throw conflict(
        `A workspace holds at most ${MAX_API_KEYS_PER_USER} API keys; revoke one first.`,
        'too_many_api_keys',
      );
    }
    const key = generateApiKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId: actor.id,
        workspaceId: actor.workspaceId,
        role,
        name: input.name,
        scope: input.scope,
        keyHash: hashApiKey(key),
        hint: key.slice(0, API_KEY_HINT_LENGTH),
      })
      .returning();
    if (!row) throw new Error('The API key was not stored.');
    await recordKeyAudit(tx, actor, 'api_key.created', row);
    return { ...listed(row, actor.email), key };
  });
}

/** Revokes one of the workspace's keys; another workspace's, or one already revoked, is a 404. */
export async function revokeApiKey(db: Database, actor: Actor, keyId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, actor.workspaceId), isNull(apiKeys.revokedAt)),
      )
      .returning();
    if (!row) throw notFound('No such API key.');
    await recordKeyAudit(tx, actor, 'api_key.revoked', row);
  });
}

/** Last use is written at most this often, not on every request. */
const LAST_USED_INTERVAL_MS = 60_000;

export interface KeyHolder {
  keyId: number;
  scope: ApiKeyScope;
  /** The workspace it acts in, with its own role and its creator's role there now. */
  workspaceId: string;
  role: WorkspaceRole;
  creatorRole: WorkspaceRole;
  /** Its creator, named as the actor in the audit log. */
  user: { id: string; email: string };
}

/**
 * The key in force with this clear text, its workspace and its creator; null for anything
 * else, and for a key whose creator no longer belongs to its workspace (their removal revokes
 * it; this holds even for a removal that raced the revoke). The creator's site role is not
 * read: a key never carries admin powers (docs/decisions/0011-api-keys.md).
 */
export async function findApiKey(db: Database, key: string, now: Date): Promise<KeyHolder | null> {
  if (!looksLikeApiKey(key)) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      scope: apiKeys.scope,
      role: apiKeys.role,
      workspaceId: apiKeys.workspaceId,
      creatorRole: workspaceMembers.role,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: user.id,
      email: user.email,
    })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.userId)),
    )
    .innerJoin(workspaces, and(eq(workspaces.id, apiKeys.workspaceId), isNull(workspaces.deletedAt)))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_INTERVAL_MS) {
    const stale = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  }
  return {
    keyId: row.id,
    scope: row.scope,
    workspaceId: row.workspaceId,
    role: row.role,
    creatorRole: row.creatorRole,
    user: { id: row.userId, email: row.email },
  };
}
