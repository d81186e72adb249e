import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_DELIVERY_LOG_SIZE } from '../../domain/webhooks';
import type { PanelCipher } from '../crypto/panel-password';
import { type Database, rowsOf, type Tx } from '../db/client';
import { webhookEndpoints, webhookMessages } from '../db/schema';
import type { SweepObserver } from '../jobs/sweep-status';
import { nextAttemptAt, shouldDisable, WEBHOOK_MAX_ATTEMPTS } from './backoff';
import { DEFAULT_TIMEOUT_MS, type SendResult, sendWebhook } from './send';
import { signWebhook } from './signature';
import { type LookupAll, resolveDeliveryTarget } from './url-guard';
import { enqueueDisabledNotice, type MailSite } from './webhook-disabled-emails';

/**
 * How long a claimed endpoint belongs to the worker that claimed it. Renewed before each
 * send, so it only has to outlast one (10 s, send.ts) and the statements around it; a
 * worker that died leaves the endpoint to another one after this.
 */
export const WEBHOOK_LEASE_MS = 60_000;
/**
 * One claim of an endpoint is a turn: at most this many messages, and no new one once the
 * turn has lasted as long as one send may (the send timeout). Then the endpoint goes back to
 * the queue of due endpoints (behind those served less recently), so a busy or slow endpoint
 * cannot keep a worker from the others when there are more due endpoints than workers.
 */
const MESSAGES_PER_TURN = 20;

export interface WebhookSweepDeps {
  db: Database;
  cipher: PanelCipher;
  /** Production rules for destinations (https only, no 127.0.0.1): config.isProduction. */
  production: boolean;
  /** The resolver for destination checks; tests answer from a table. */
  lookup?: LookupAll;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: () => Date;
  /** Named in the owner's e-mail when an endpoint is disabled. */
  site: MailSite;
  /** Wakes the e-mail outbox after a disabled endpoint's notice was queued. */
  kickMail: () => void;
  /** The send limit (send.ts's 10 s unless a test shortens it). */
  timeoutMs?: number;
  /** Hears how each round of claims went (jobs/sweep-status.ts). */
  sweepObserver?: SweepObserver | undefined;
  /** Hears every attempt's outcome as its endpoint's turn ends (metrics count them). */
  onAttempts?: ((attempts: readonly WebhookAttempt[]) => void) | undefined;
}

export interface WebhookAttempt {
  endpointId: number;
  deliveryId: number;
  messageId: string;
  outcome: 'delivered' | 'retry' | 'dead' | 'lease_lost';
  /** Set when this failure disabled the endpoint. */
  disabled?: boolean;
}

export interface ClaimedEndpoint {
  id: number;
  /** This claim's lease on the endpoint: every write of the turn is fenced by it. */
  lease_token: string;
  user_id: string;
  workspace_id: string;
  url: string;
  secret_encrypted: string;
  failing_since: Date | string | null;
}

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const UNDELIVERED = sql`('pending', 'failed')`;

/**
 * Claims up to `limit` endpoints whose oldest undelivered message is due, in one short
 * statement: the row locks (SKIP LOCKED, so other instances take other endpoints) last only
 * for the statement, and the lease written into each row (its own token) keeps it ours
 * while we send, outside any transaction. Claiming the endpoint rather than the message is
 * what keeps an endpoint's messages in order: one worker at a time sends to it, head first.
 * The least recently served go first (a released endpoint's `locked_until` is when its
 * last turn ended), so endpoints take turns when there are more than workers.
 */
export async function claimEndpoints(db: Database, limit: number, now: Date): Promise<ClaimedEndpoint[]> {
  return rowsOf<ClaimedEndpoint>(
    await db.execute(sql`
      update webhook_endpoints e
      set locked_until = ${ts(now)} + ${WEBHOOK_LEASE_MS} * interval '1 millisecond',
        lease_token = gen_random_uuid()::text
      where e.id in (
        select c.id from webhook_endpoints c
        where c.disabled_at is null
          and (c.locked_until is null or c.locked_until <= ${ts(now)})
          and c.id in (
            select m.endpoint_id from webhook_messages m
            where m.status in ${UNDELIVERED} and m.next_attempt_at <= ${ts(now)})
          and (select h.next_attempt_at from webhook_messages h
               where h.endpoint_id = c.id and h.status in ${UNDELIVERED}
               order by h.id limit 1) <= ${ts(now)}
        order by c.locked_until nulls first, c.id
        limit ${limit}
        for update skip locked)
      returning e.id, e.lease_token, e.user_id, e.workspace_id, e.url, e.secret_encrypted, e.failing_since`),
  );
}

interface HeadMessage {
  id: number;
  messageId: string;
  body: string;
  attempts: number;
  nextAttemptAt: Date;
}

async function headOf(db: Database, endpointId: number): Promise<HeadMessage | undefined> {
  const [head] = await db
    .select({
      id: webhookMessages.id,
      messageId: webhookMessages.messageId,
      body: webhookMessages.body,
      attempts: webhookMessages.attempts,
      nextAttemptAt: webhookMessages.nextAttemptAt,
    })
    .from(webhookMessages)
    .where(and(eq(webhookMessages.endpointId, endpointId), sql`${webhookMessages.status} in ${UNDELIVERED}`))
    .orderBy(webhookMessages.id)
    .limit(1);
  return head;
}

/**
 * Renews our lease and counts the attempt, in one statement, before the send: false when
 * the endpoint is no longer ours (lease taken over, disabled, deleted), and then we do not
 * send. Counting first means a message whose send crashes the process still runs out of
 * attempts.
 */
async function startAttempt(db: Database, endpointId: number, token: string, messageRow: number, now: Date) {
  const rows = rowsOf<{ attempts: number }>(
    await db.execute(sql`
      with lease as (
        update webhook_endpoints
        set locked_until = ${ts(now)} + ${WEBHOOK_LEASE_MS} * interval '1 millisecond'
        where id = ${endpointId} and lease_token = ${token} and disabled_at is null
        returning id)
      update webhook_messages m
      set attempts = m.attempts + 1, last_attempt_at = ${ts(now)}
      where m.id = ${messageRow} and m.status in ${UNDELIVERED}
        and m.endpoint_id in (select id from lease)
      returning m.attempts`),
  );
  return rows[0] ? Number(rows[0].attempts) : null;
}

/** The destination check and the send; refused and unresolvable destinations are never contacted. */
async function attempt(
  deps: WebhookSweepDeps,
  endpoint: ClaimedEndpoint,
  head: HeadMessage,
  now: Date,
): Promise<SendResult | { ok: false; error: 'destination'; durationMs: 0; message: string }> {
  const target = await resolveDeliveryTarget(endpoint.url, {
    production: deps.production,
    ...(deps.lookup ? { lookup: deps.lookup } : {}),
  });
  if (!target.ok) return { ok: false, error: 'destination', durationMs: 0, message: target.reason };
  let headers: ReturnType<typeof signWebhook>;
  try {
    headers = signWebhook({
      id: head.messageId,
      timestamp: now,
      body: head.body,
      secret: deps.cipher.decrypt(endpoint.secret_encrypted),
    });
  } catch {
    // A secret that no longer decrypts (a changed PANEL_SECRET_KEY) fails like a receiver
    // would, so the message runs out of attempts instead of stalling its endpoint.
    return {
      ok: false,
      error: 'destination',
      durationMs: 0,
      message: 'the signing secret could not be read',
    };
  }
  return sendWebhook({
    url: target.url,
    address: target.address,
    headers: { ...headers },
    body: head.body,
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
}

/** What the log keeps of an attempt that failed without a status, or with one. */
function errorText(result: Awaited<ReturnType<typeof attempt>>): string | null {
  if (result.ok) return null;
  if ('message' in result) return `${result.error}: ${result.message}`.slice(0, 500);
  return result.error === 'redirect' ? 'redirect not followed' : `HTTP ${result.status}`;
}

/**
 * Writes an attempt's result, fenced by our lease: a sweep that lost the endpoint drops its
 * verdict. One short transaction, after the send: the endpoint's run of failures, its
 * disabling after 3 days with the owner's e-mail, and the log's pruning go with it.
 */
async function finishAttempt(
  deps: WebhookSweepDeps,
  endpoint: ClaimedEndpoint,
  token: string,
  head: HeadMessage,
  attempts: number,
  result: Awaited<ReturnType<typeof attempt>>,
  now: Date,
): Promise<Omit<WebhookAttempt, 'endpointId' | 'deliveryId' | 'messageId'>> {
  return deps.db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ failingSince: webhookEndpoints.failingSince })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.leaseToken, token)))
      .for('update');
    if (!mine) return { outcome: 'lease_lost' as const };
    const retryAt = result.ok ? null : nextAttemptAt(Math.min(attempts, WEBHOOK_MAX_ATTEMPTS), now);
    const status = result.ok ? 'delivered' : retryAt ? 'failed' : 'dead';
    await tx
      .update(webhookMessages)
      .set({
        status,
        responseStatus: 'status' in result ? result.status : null,
        responseBody: 'body' in result ? result.body : null,
        error: errorText(result),
        durationMs: result.durationMs,
        ...(retryAt ? { nextAttemptAt: retryAt } : {}),
      })
      .where(eq(webhookMessages.id, head.id));
    if (result.ok) {
      if (mine.failingSince) {
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, endpoint.id));
      }
    } else {
      const since = mine.failingSince ?? now;
      if (shouldDisable(since, now)) {
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: since, disabledAt: now, lockedUntil: null, leaseToken: null })
          .where(eq(webhookEndpoints.id, endpoint.id));
        // Nothing more will be sent to it; its queue stays readable in the log.
        await tx
          .update(webhookMessages)
          .set({
            status: 'dead',
            nextAttemptAt: now,
            error: sql`coalesce(${webhookMessages.error}, 'endpoint disabled')`,
          })
          .where(
            and(
              eq(webhookMessages.endpointId, endpoint.id),
              sql`${webhookMessages.status} in ${UNDELIVERED}`,
            ),
          );
        await enqueueDisabledNotice(tx, deps.site, endpoint.workspace_id, {
          id: endpoint.id,
          url: endpoint.url,
          since,
        });
        return { outcome: status === 'dead' ? 'dead' : 'retry', disabled: true } as const;
      }
      if (!mine.failingSince) {
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: now })
          .where(eq(webhookEndpoints.id, endpoint.id));
      }
    }
    if (status !== 'failed') await prune(tx, endpoint.id);
    return { outcome: status === 'delivered' ? 'delivered' : status === 'dead' ? 'dead' : 'retry' } as const;
  });
}

/** Keeps an endpoint's latest finished messages for its log; undelivered ones are never pruned. */
async function prune(tx: Tx, endpointId: number) {
  await tx.execute(sql`
    delete from webhook_messages
    where endpoint_id = ${endpointId} and status in ('delivered', 'dead')
      and id < (select id from webhook_messages where endpoint_id = ${endpointId}
                order by id desc offset ${WEBHOOK_DELIVERY_LOG_SIZE - 1} limit 1)`);
}

/**
 * One turn of a claimed endpoint: its due messages oldest first, stopping at the first
 * failure, at the end of the turn, or when the process is stopping (`stopping`: the send in
 * flight ends within its timeout, none is started after it). The lease is given back at
 * the end whatever happened, so another worker or instance can take the endpoint at once.
 */
export async function serveEndpoint(
  deps: WebhookSweepDeps,
  endpoint: ClaimedEndpoint,
  stopping: () => boolean,
): Promise<WebhookAttempt[]> {
  const token = endpoint.lease_token;
  const results: WebhookAttempt[] = [];
  const turnMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = performance.now();
  try {
    for (let sent = 0; sent < MESSAGES_PER_TURN; sent++) {
      if (stopping() || (sent > 0 && performance.now() - started >= turnMs)) break;
      const now = deps.now();
      const head = await headOf(deps.db, endpoint.id);
      // A newer message waits while an older one waits for its retry.
      if (!head || head.nextAttemptAt > now) break;
      const attempts = await startAttempt(deps.db, endpoint.id, token, head.id, now);
      if (attempts === null) break;
      const result = await attempt(deps, endpoint, head, now);
      const verdict = await finishAttempt(deps, endpoint, token, head, attempts, result, deps.now());
      const base = { endpointId: endpoint.id, deliveryId: head.id, messageId: head.messageId };
      results.push({ ...base, ...verdict });
      // Ids, the attempt and the outcome only: never the URL, secret, signature or body.
      const context = {
        webhookEndpointId: endpoint.id,
        webhookDeliveryId: head.id,
        attempt: attempts,
        ...(result.ok ? { status: result.status } : { error: errorText(result)?.split(':')[0] }),
      };
      if (verdict.outcome === 'delivered') deps.log.info(context, 'webhook delivered');
      else if (verdict.outcome === 'lease_lost') {
        deps.log.warn(context, 'webhook sent after its lease ran out; it may arrive twice');
        break;
      } else {
        deps.log.warn(
          context,
          verdict.outcome === 'dead' ? 'webhook given up' : 'webhook failed; will retry',
        );
        if (verdict.disabled) {
          deps.log.warn(
            { webhookEndpointId: endpoint.id },
            'webhook endpoint disabled after 3 days of failures',
          );
          deps.kickMail();
        }
        if (verdict.outcome !== 'dead' || verdict.disabled) break;
      }
    }
  } finally {
    await deps.db
      .update(webhookEndpoints)
      .set({ lockedUntil: deps.now(), leaseToken: null })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.leaseToken, token)));
  }
  return results;
}
