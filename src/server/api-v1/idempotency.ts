import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { apiIdempotencyKeys } from '../db/schema';
import { conflict } from '../http/errors';

/*
 * Idempotency-Key on the /api/v1 writes (docs/decisions/0011-api-keys.md). A key belongs to
 * the key's workspace, not to one API key, so a client that rotates its key mid-retry
 * still gets its first answer. The row is claimed (a unique index on workspace and key) before the
 * write runs, so of any number of concurrent identical requests exactly one runs it, and any
 * outside call the write makes (a payment provider's session) happens once, after the claim is
 * committed. The others wait for the stored answer.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a request waits for an identical one still running before a 409. */
const IN_FLIGHT_WAIT_MS = 15_000;
const POLL_MS = 50;
/**
 * A claim older than this with no answer belongs to a request that died (a crash, a restart);
 * the next retry takes it over. Longer than any provider call the write waits for.
 */
const LEASE_MS = 60_000;
/** Expired rows deleted per claim, so pruning never makes one request slow. */
const PRUNE_BATCH = 100;

export interface IdempotencyDeps {
  db: Database;
  now: () => Date;
  /** How long to wait for an identical request in flight; 15 s unless a test says otherwise. */
  inFlightWaitMs?: number;
}

export interface IdempotentRequest<T> {
  /** Keys are per workspace: two keys of one workspace share them. */
  workspaceId: string;
  /** The key's creator, who the row is recorded for. */
  userId: string;
  apiKeyId: number;
  /** The Idempotency-Key header; undefined runs the write without any of this. */
  key: string | undefined;
  /** Names the operation, so one key used on two different writes is a conflict. */
  operation: string;
  /** The parsed request: its JSON with the operation is what "the same body" means. */
  request: unknown;
  /** Reads a stored answer's body back into its type. */
  parse: (body: unknown) => T;
}

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
  /** True when this is a stored answer to an earlier request with the same key. */
  replayed: boolean;
}

type Row = typeof apiIdempotencyKeys.$inferSelect;

export function requestHash(operation: string, request: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${JSON.stringify(request)}`)
    .digest('hex');
}

/**
 * Runs `write` at most once per (owner, key) within 24 hours and answers every repeat with what
 * the first run answered. Only a success is stored: a write that failed left nothing to pay
 * (the checkout cancels an order whose provider session failed, and refusals come before any
 * order), so its key is freed and a retry runs the write again. Storing refusals would also
 * replay a passing one, such as "checkout still being prepared", for a whole day.
 */
export async function idempotent<T>(
  deps: IdempotencyDeps,
  req: IdempotentRequest<T>,
  write: () => Promise<{ status: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  if (req.key === undefined) return { ...(await write()), replayed: false };
  const key = req.key;
  const hash = requestHash(req.operation, req.request);
  const deadline = Date.now() + (deps.inFlightWaitMs ?? IN_FLIGHT_WAIT_MS);

  for (;;) {
    const claim = await claimKey(deps, req, key, hash);
    if (claim) return { ...(await runClaimed(deps.db, claim, write)), replayed: false };

    const [row] = await deps.db
      .select()
      .from(apiIdempotencyKeys)
      .where(
        and(eq(apiIdempotencyKeys.workspaceId, req.workspaceId), eq(apiIdempotencyKeys.idempotencyKey, key)),
      );
    // Gone between the two statements: freed by a failed run, or just expired. Claim again.
    if (!row) continue;
    if (row.requestHash !== hash) {
      throw conflict(
        'This Idempotency-Key was already used with another request in the last 24 hours. Use a new key for a new request.',
        'idempotency_key_reused',
      );
    }
    if (row.responseStatus !== null) {
      return { status: row.responseStatus, body: req.parse(row.responseBody), replayed: true };
    }

    const now = deps.now();
    if (row.lockedAt.getTime() <= now.getTime() - LEASE_MS) {
      const taken = await takeOver(deps.db, row, now);
      if (taken) return { ...(await runClaimed(deps.db, taken, write)), replayed: false };
      continue;
    }
    if (Date.now() >= deadline) {
      throw conflict(
        'A request with this Idempotency-Key is still in progress. Retry shortly with the same key to get its answer.',
        'idempotency_in_progress',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

interface Claim {
  id: number;
  lockedAt: Date;
}

/**
 * Inserts the owner's row for this key, or reuses one that has expired; null when a row in
 * force holds the key. Expired rows of anyone are pruned first, a batch at a time.
 */
async function claimKey(
  deps: IdempotencyDeps,
  req: { workspaceId: string; userId: string; apiKeyId: number },
  key: string,
  hash: string,
): Promise<Claim | null> {
  const now = deps.now();
  const expired = deps.db
    .select({ id: apiIdempotencyKeys.id })
    .from(apiIdempotencyKeys)
    .where(lte(apiIdempotencyKeys.expiresAt, now))
    .limit(PRUNE_BATCH)
    // Rows another request is pruning or reclaiming are skipped: claims never wait on each other here.
    .for('update', { skipLocked: true });
  await deps.db.delete(apiIdempotencyKeys).where(inArray(apiIdempotencyKeys.id, expired));

  const fresh = {
    requestHash: hash,
    apiKeyId: req.apiKeyId,
    responseStatus: null,
    responseBody: null,
    lockedAt: now,
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  };
  const [claimed] = await deps.db
    .insert(apiIdempotencyKeys)
    .values({ userId: req.userId, workspaceId: req.workspaceId, idempotencyKey: key, ...fresh })
    .onConflictDoUpdate({
      target: [apiIdempotencyKeys.workspaceId, apiIdempotencyKeys.idempotencyKey],
      set: fresh,
      setWhere: sql`${apiIdempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ id: apiIdempotencyKeys.id, lockedAt: apiIdempotencyKeys.lockedAt });
  return claimed ?? null;
}

/** Takes over a claim whose request died; of several retries doing so at once, one wins. */
async function takeOver(db: Database, row: Row, now: Date): Promise<Claim | null> {
  const [taken] = await db
    .update(apiIdempotencyKeys)
    .set({ lockedAt: now })
    .where(
      and(
        eq(apiIdempotencyKeys.id, row.id),
        eq(apiIdempotencyKeys.lockedAt, row.lockedAt),
        isNull(apiIdempotencyKeys.responseStatus),
      ),
    )
    .returning({ id: apiIdempotencyKeys.id, lockedAt: apiIdempotencyKeys.lockedAt });
  return taken ?? null;
}

async function runClaimed<T>(
  db: Database,
  claim: Claim,
  write: () => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T }> {
  const mine = and(eq(apiIdempotencyKeys.id, claim.id), eq(apiIdempotencyKeys.lockedAt, claim.lockedAt));
  let answer: { status: number; body: T };
  try {
    answer = await write();
  } catch (error) {
    await db.delete(apiIdempotencyKeys).where(mine);
    throw error;
  }
  await db
    .update(apiIdempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.body })
    .where(mine);
  return answer;
}
