import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxKind } from '../../domain/status';
import { type Database, rowsOf } from '../db/client';
import type { EmailMessage, Mailer } from '../mail/send-email';
import { NO_TRACING, type Tracing } from '../telemetry/tracing';
import { type DocumentEmailPayload, documentEmailPayloadSchema } from './document-email-payload';
import { type EmailPayload, emailPayloadSchema } from './enqueue';
import { createSentMarks } from './sent-marks';
import { createSlots } from './slots';

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
/**
 * Messages a sweep sends side by side. A slot that frees is refilled at once, so one slow
 * send (a Stripe call, a sluggish SMTP answer) holds one slot, not the nine sends beside it.
 */
export const BATCH_SIZE = 10;
/**
 * Bounds one sweep, so a flood of mail cannot keep a sweep busy for ever: the runner goes
 * round again at once (runner.ts), giving up expired rows and purging between rounds.
 */
export const MAX_ROWS_PER_SWEEP = 500;
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
async function claim(db: Database, at: Date | undefined, limit: number): Promise<ClaimedRow[]> {
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
        limit ${limit}
        for update skip locked)
      returning m.id, m.kind, m.payload, m.attempts, m.created_at`),
  );
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

type SentMarks = ReturnType<typeof createSentMarks>;

/**
 * Sends one claimed row and records the verdict: marked sent the moment its send returns
 * (sent-marks.ts), or its retry scheduled.
 */
async function deliverOne(
  deps: DeliveryDeps,
  row: ClaimedRow,
  marks: SentMarks,
  at: Date | undefined,
): Promise<DeliveryResult> {
  const tracing = deps.tracing ?? NO_TRACING;
  const verdict = await tracing.inSpan(
    `outbox ${row.kind}`,
    {
      'panelhub.outbox.id': Number(row.id),
      'panelhub.outbox.kind': row.kind,
      'panelhub.outbox.attempt': row.attempts,
    },
    async (span) => {
      const outcome = {
        id: Number(row.id),
        kind: row.kind,
        attempts: row.attempts,
        ...(await send(deps, row)),
      };
      const marked = outcome.failure === null && (await marks.mark(outcome));
      // The transport's reason is in the log line; the span says only that it failed.
      if (outcome.failure !== null) span.fail('not sent');
      span.setAttributes({
        'panelhub.outbox.sent': outcome.failure === null,
        'panelhub.outbox.marked': marked,
      });
      return { ...outcome, marked };
    },
  );
  const base = { id: verdict.id, kind: verdict.kind };
  if (verdict.failure === null) {
    if (verdict.marked) return { ...base, outcome: 'sent' };
    deps.log.warn(
      { outboxId: verdict.id },
      'outbox message sent after its lease ran out; it may arrive twice',
    );
    return { ...base, outcome: 'lease_lost' };
  }
  // A payload we cannot read will not improve with time.
  const outcome = await markFailed(deps.db, verdict, verdict.failure, at, !verdict.readable);
  const context = {
    outboxId: verdict.id,
    kind: verdict.kind,
    attempts: verdict.attempts,
    reason: verdict.failure,
  };
  if (outcome === 'dead') deps.log.error(context, 'outbox message given up');
  else deps.log.warn(context, 'outbox delivery failed; will retry');
  return { ...base, outcome };
}

/** Rows claimed but not yet done, at most: BATCH_SIZE in flight and as many waiting for a slot. */
const CLAIM_WINDOW = 2 * BATCH_SIZE;

/**
 * Gives back the lease of rows claimed but never sent (a sweep stopping with rows waiting for
 * a slot) and the attempt their claim counted, so the next sweep, here or on another instance,
 * takes them at once. Fenced by the attempt, like every verdict.
 */
async function unclaim(db: Database, rows: ClaimedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const claims = sql.join(
    rows.map((r) => sql`(${Number(r.id)}::bigint, ${r.attempts}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    update outbox_messages
    set attempts = attempts - 1, locked_until = null
    where (id, attempts) in (${claims}) and status = 'pending'`);
}

/**
 * One delivery sweep: gives up the rows past their `expires_at`, then sends due rows,
 * BATCH_SIZE side by side, each slot taking the next row as soon as its send is done. Rows are
 * claimed at least BATCH_SIZE at a time and at most CLAIM_WINDOW ahead, so a claim serves
 * many sends and few rows wait leased; it goes on until none is due or MAX_ROWS_PER_SWEEP
 * were claimed. Each is sent outside any transaction and marked sent or given its retry.
 * Safe on any number of instances at once.
 * `at` replaces the database's clock (tests move time with it); once `stopping()` says so
 * (shutdown) nothing more is claimed or started: shutdown waits for the sends in flight, not
 * the queue, and the rows still waiting are given back. Results come claim by claim, oldest
 * first within each.
 */
export async function deliverDueMessages(
  deps: DeliveryDeps,
  options: { at?: Date; stopping?: () => boolean } = {},
): Promise<DeliveryResult[]> {
  const { at } = options;
  const expired: DeliveryResult[] = [];
  for (const row of await expire(deps.db, at)) {
    deps.log.warn({ outboxId: row.id, kind: row.kind }, 'outbox message expired before it could be sent');
    expired.push({ ...row, outcome: 'expired' });
  }
  const marks = createSentMarks(deps.db, instant(at));
  const slots = createSlots(BATCH_SIZE);
  const batches: Promise<(DeliveryResult | null)[]>[] = [];
  const unsent: ClaimedRow[] = [];
  let failure: { error: unknown } | null = null;
  const halted = () => failure !== null || options.stopping?.() === true;
  let held = 0;
  let onDone: (() => void) | null = null;

  /** Waits for a slot, then sends; a row whose turn comes after the sweep halted is given back. */
  async function inTurn(row: ClaimedRow): Promise<DeliveryResult | null> {
    // The slot is held until the verdict is written: a crash leaves at most BATCH_SIZE
    // messages sent and not marked, which is what sends a message twice.
    await slots.acquire();
    try {
      if (halted()) {
        unsent.push(row);
        return null;
      }
      return await deliverOne(deps, row, marks, at);
    } catch (error) {
      failure ??= { error };
      return null;
    } finally {
      slots.release();
      held--;
      onDone?.();
    }
  }

  let claimed = 0;
  while (!halted() && claimed < MAX_ROWS_PER_SWEEP) {
    const room = Math.min(CLAIM_WINDOW - held, MAX_ROWS_PER_SWEEP - claimed);
    if (room >= BATCH_SIZE || (held === 0 && room > 0)) {
      // RETURNING does not keep the subquery's order; send oldest first all the same.
      const rows = (await claim(deps.db, at, room)).sort((a, b) => Number(a.id) - Number(b.id));
      if (rows.length === 0 && held === 0) break;
      claimed += rows.length;
      held += rows.length;
      if (rows.length > 0) {
        const batch = (deps.tracing ?? NO_TRACING).inSpan(
          'outbox batch',
          { 'panelhub.outbox.rows': rows.length },
          () => Promise.all(rows.map(inTurn)),
        );
        batches.push(batch);
      }
      if (rows.length === room) continue;
    }
    // Everything claimed was done while the last claim found nothing: that claim was the end.
    if (held === 0) continue;
    // The window is full, or nothing more was due: look again once a row is done.
    await new Promise<void>((resolve) => {
      onDone = resolve;
    });
    onDone = null;
  }
  const results = (await Promise.all(batches)).flat();
  await unclaim(deps.db, unsent);
  if (failure) throw (failure as { error: unknown }).error;
  await deps.db.execute(sql`
    delete from outbox_messages
    where status = 'sent' and sent_at < ${instant(at)} - ${interval(KEEP_SENT_MS)}`);
  return [...expired, ...results.filter((r) => r !== null)];
}
