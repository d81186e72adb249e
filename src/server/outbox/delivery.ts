import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxKind } from '../../domain/status';
import { type Database, rowsOf } from '../db/client';
import type { EmailMessage, Mailer } from '../mail/send-email';
import { NO_TRACING, type Tracing } from '../telemetry/tracing';
import { type DocumentEmailPayload, documentEmailPayloadSchema } from './document-email-payload';
import { type EmailPayload, emailPayloadSchema } from './enqueue';

/**
 * Waits after the 1st, 2nd, ... failed attempt. The last one ends about 22.5 hours after the
 * first try; a message still failing then is marked dead instead of retried for ever.
 */
export const RETRY_DELAYS_MS = [
  10_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  4 * 3_600_000,
  8 * 3_600_000,
  8 * 3_600_000,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * How long a claimed row belongs to the sweep that claimed it. It must outlast one send
 * (the SMTP transport gives up well before, see mail/send-email.ts); a sweep that died
 * mid-send leaves its rows to another sweep once the lease is over.
 */
export const LEASE_MS = 5 * 60_000;
/** Rows claimed together; they are sent side by side. */
export const BATCH_SIZE = 10;
/** Bounds one sweep, so a flood of mail cannot keep a sweep busy for ever. */
const MAX_BATCHES_PER_SWEEP = 50;
/** Delivered messages are deleted after this: their bodies carry sign-in codes and links. */
const KEEP_SENT_MS = 7 * 86_400_000;

export interface DeliveryResult {
  id: number;
  kind: OutboxKind;
  /** 'expired': past its `expires_at` before it could go out, marked dead unsent. */
  outcome: 'sent' | 'retry' | 'dead' | 'expired' | 'lease_lost';
}

export interface DeliveryDeps {
  db: Database;
  /** The e-mail transport (SMTP, the .eml folder, or a test double). */
  mailer: Mailer;
  /** Host part of the Message-ID (the public URL's host). */
  messageIdHost: string;
  /**
   * The stored message as it is sent: adds the recipient's preference line and the
   * List-Unsubscribe headers (email-preferences/links.ts).
   */
  finish: (payload: Omit<EmailPayload, 'demoHint'>) => EmailMessage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Sends a 'stripe_credit' row (credits/stripe-credit.ts); absent without Stripe, so such rows wait. */
  stripeCredit?: ((payload: unknown) => Promise<void>) | undefined;
  /** Sends a 'stripe_quantity' row (billing/panels/stripe-quantity.ts); absent without Stripe, as above. */
  stripeQuantity?: ((payload: unknown) => Promise<void>) | undefined;
  /** Renders a 'document_email' row: the message with its PDF (billing/invoices/document-emails.ts). */
  documentEmail?: ((payload: DocumentEmailPayload) => Promise<EmailMessage>) | undefined;
  /** A span per claimed batch and per message, when tracing is on. */
  tracing?: Tracing | undefined;
}

interface ClaimedRow {
  id: number | string;
  kind: OutboxKind;
  payload: unknown;
  attempts: number;
  created_at: Date | string;
}

/** The reason a message past its `expires_at` is given up with (the System view reads it). */
export const EXPIRED_ERROR = 'expired before it could be sent';

/** The instant a statement works with: the database's clock, or a test's chosen moment. */
const instant = (at: Date | undefined): SQL => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);
const interval = (ms: number): SQL => sql`(${ms} * interval '1 millisecond')`;

/** Stable for a row, so a message sent twice (a crash between send and mark) is recognisable. */
export function outboxMessageId(row: { id: number; createdAt: Date }, host: string): string {
  return `<outbox.${row.id}.${row.createdAt.getTime()}@${host}>`;
}

/**
 * Gives up the messages whose use is over (a sign-in code after its 10 minutes): dead,
 * never sent late. A row leased to a sweep that is sending it right now is left to it.
 */
async function expire(db: Database, at: Date | undefined): Promise<{ id: number; kind: OutboxKind }[]> {
  const now = instant(at);
  const rows = rowsOf<{ id: number | string; kind: OutboxKind }>(
    await db.execute(sql`
      update outbox_messages
      set status = 'dead', locked_until = null, last_error = ${EXPIRED_ERROR}
      where status = 'pending' and expires_at <= ${now}
        and (locked_until is null or locked_until <= ${now})
      returning id, kind`),
  );
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind }));
}

/**
 * Claims due rows in one short statement: the row locks (SKIP LOCKED, so sweeps on other
 * instances take other rows) last only for the statement; the lease written into the rows
 * is what keeps them ours while we send, outside any transaction. Claiming counts the
 * attempt, so a message that crashes its sender does not get unlimited tries.
 */
async function claim(db: Database, at: Date | undefined): Promise<ClaimedRow[]> {
  const now = instant(at);
  return rowsOf<ClaimedRow>(
    await db.execute(sql`
      update outbox_messages m
      set attempts = m.attempts + 1, locked_until = ${now} + ${interval(LEASE_MS)}
      where m.id in (
        select id from outbox_messages
        where status = 'pending' and next_attempt_at <= ${now}
          and (locked_until is null or locked_until <= ${now})
          and (expires_at is null or expires_at > ${now})
        order by next_attempt_at, id
        limit ${BATCH_SIZE}
        for update skip locked)
      returning m.id, m.kind, m.payload, m.attempts, m.created_at`),
  );
}

/**
 * Marks a batch sent in one statement. The attempt number is the fence: if our lease ran
 * out and another sweep claimed a row, its attempts moved on and our late verdict is dropped.
 * Returns the ids that were still ours.
 */
async function markSent(db: Database, rows: { id: number; attempts: number }[], at: Date | undefined) {
  if (rows.length === 0) return new Set<number>();
  const claims = sql.join(
    rows.map((r) => sql`(${r.id}::bigint, ${r.attempts}::integer)`),
    sql`, `,
  );
  const marked = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      update outbox_messages
      set status = 'sent', sent_at = ${instant(at)}, locked_until = null, last_error = null
      where (id, attempts) in (${claims}) and status = 'pending'
      returning id`),
  );
  return new Set(marked.map((r) => Number(r.id)));
}

async function markFailed(
  db: Database,
  row: { id: number; attempts: number },
  error: string,
  at: Date | undefined,
  giveUp: boolean,
) {
  const { id, attempts } = row;
  const delay = giveUp || attempts >= MAX_ATTEMPTS ? undefined : RETRY_DELAYS_MS[attempts - 1];
  const rows = rowsOf<{ id: unknown }>(
    await db.execute(sql`
      update outbox_messages
      set status = ${delay === undefined ? 'dead' : 'pending'},
        next_attempt_at = ${instant(at)} + ${interval(delay ?? 0)},
        locked_until = null, last_error = ${error.slice(0, 1_000)}
      where id = ${id} and attempts = ${attempts} and status = 'pending'
      returning id`),
  );
  if (rows.length === 0) return 'lease_lost' as const;
  return delay === undefined ? ('dead' as const) : ('retry' as const);
}

/** The transport's reason, never the message: bodies carry codes and links. */
function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** An invoice or credit note for the invoice e-mail, rendered now from the stored rows. */
async function sendDocument(
  deps: DeliveryDeps,
  row: ClaimedRow,
): Promise<{ failure: string | null; readable: boolean }> {
  const payload = documentEmailPayloadSchema.safeParse(row.payload);
  if (!payload.success) return { failure: 'unreadable document_email payload', readable: false };
  if (!deps.documentEmail) return { failure: 'documents are not rendered here', readable: true };
  try {
    const message = await deps.documentEmail(payload.data);
    await deps.mailer.sendEmail(message, {
      messageId: outboxMessageId(
        { id: Number(row.id), createdAt: new Date(row.created_at) },
        deps.messageIdHost,
      ),
    });
    return { failure: null, readable: true };
  } catch (error) {
    return { failure: reasonOf(error), readable: true };
  }
}

/** Sends one claimed row; `failure` is null when it went out, else the reason it did not. */
async function send(
  deps: DeliveryDeps,
  row: ClaimedRow,
): Promise<{ failure: string | null; readable: boolean }> {
  if (row.kind === 'stripe_credit' || row.kind === 'stripe_quantity') {
    const sender = row.kind === 'stripe_credit' ? deps.stripeCredit : deps.stripeQuantity;
    if (!sender) return { failure: 'Stripe is not configured', readable: true };
    try {
      await sender(row.payload);
      return { failure: null, readable: true };
    } catch (error) {
      return { failure: reasonOf(error), readable: true };
    }
  }
  if (row.kind === 'document_email') return sendDocument(deps, row);
  const payload = emailPayloadSchema.safeParse(row.payload);
  if (row.kind !== 'email' || !payload.success) {
    return { failure: `unreadable ${row.kind} payload`, readable: false };
  }
  const id = Number(row.id);
  const { demoHint, ...stored } = payload.data;
  try {
    await deps.mailer.sendEmail(deps.finish(stored), {
      ...(demoHint ? { demoHint } : {}),
      messageId: outboxMessageId({ id, createdAt: new Date(row.created_at) }, deps.messageIdHost),
    });
    return { failure: null, readable: true };
  } catch (error) {
    return { failure: reasonOf(error), readable: true };
  }
}

/**
 * Sends a claimed batch side by side and marks each message sent the moment its send
 * returns: the window in which a crash leaves a delivered message unmarked (and so sent
 * again, with the same Message-ID) is one statement long per message.
 */
async function deliverBatch(deps: DeliveryDeps, claimed: ClaimedRow[], at: Date | undefined) {
  const tracing = deps.tracing ?? NO_TRACING;
  const rows = await Promise.all(
    claimed.map((row) =>
      tracing.inSpan(
        `outbox ${row.kind}`,
        {
          'panelhub.outbox.id': Number(row.id),
          'panelhub.outbox.kind': row.kind,
          'panelhub.outbox.attempt': row.attempts,
        },
        async (span) => {
          const verdict = {
            id: Number(row.id),
            kind: row.kind,
            attempts: row.attempts,
            ...(await send(deps, row)),
          };
          const marked = verdict.failure === null && (await markSent(deps.db, [verdict], at)).has(verdict.id);
          // The transport's reason is in the log line; the span says only that it failed.
          if (verdict.failure !== null) span.fail('not sent');
          span.setAttributes({
            'panelhub.outbox.sent': verdict.failure === null,
            'panelhub.outbox.marked': marked,
          });
          return { ...verdict, marked };
        },
      ),
    ),
  );
  const results: DeliveryResult[] = [];
  for (const row of rows) {
    const base = { id: row.id, kind: row.kind };
    if (row.failure === null) {
      if (row.marked) results.push({ ...base, outcome: 'sent' });
      else {
        deps.log.warn(
          { outboxId: row.id },
          'outbox message sent after its lease ran out; it may arrive twice',
        );
        results.push({ ...base, outcome: 'lease_lost' });
      }
      continue;
    }
    // A payload we cannot read will not improve with time.
    const outcome = await markFailed(deps.db, row, row.failure, at, !row.readable);
    const context = { outboxId: row.id, kind: row.kind, attempts: row.attempts, reason: row.failure };
    if (outcome === 'dead') deps.log.error(context, 'outbox message given up');
    else deps.log.warn(context, 'outbox delivery failed; will retry');
    results.push({ ...base, outcome });
  }
  return results;
}

/**
 * One delivery sweep: gives up the rows past their `expires_at`, then claims due rows batch
 * by batch, sends each outside any transaction, and marks it sent or schedules its retry.
 * Safe on any number of instances at once.
 * `at` replaces the database's clock (tests move time with it); once `stopping()` says so
 * (shutdown) no further batch is claimed, so shutdown waits for one batch, not the queue.
 */
export async function deliverDueMessages(
  deps: DeliveryDeps,
  options: { at?: Date; stopping?: () => boolean } = {},
): Promise<DeliveryResult[]> {
  const results: DeliveryResult[] = [];
  for (const row of await expire(deps.db, options.at)) {
    deps.log.warn({ outboxId: row.id, kind: row.kind }, 'outbox message expired before it could be sent');
    results.push({ ...row, outcome: 'expired' });
  }
  for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP && !options.stopping?.(); batch++) {
    // RETURNING does not keep the subquery's order; send oldest first all the same.
    const claimed = (await claim(deps.db, options.at)).sort((a, b) => Number(a.id) - Number(b.id));
    if (claimed.length === 0) break;
    const delivered = await (deps.tracing ?? NO_TRACING).inSpan(
      'outbox batch',
      { 'panelhub.outbox.rows': claimed.length },
      () => deliverBatch(deps, claimed, options.at),
    );
    results.push(...delivered);
  }
  await deps.db.execute(sql`
    delete from outbox_messages
    where status = 'sent' and sent_at < ${instant(options.at)} - ${interval(KEEP_SENT_MS)}`);
  return results;
}
