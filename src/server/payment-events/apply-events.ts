import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEventStatus } from '../../domain/status';
import { type Database, rowsOf, type Tx } from '../db/client';
import type { ProviderEvent } from '../payments/events';
import { confirmCheckoutsTx, type HeldCheckout } from './confirm-checkouts';
import { readPayload } from './event-payload';
import { type EventEffects, type EventOutcome, processProviderEvent } from './process-event';

/**
 * Waits after the 1st, 2nd, ... time an event could not be applied (it names something not
 * recorded yet, or applying it failed). The last ends about 2.9 days after the first try, about
 * as long as Stripe keeps delivering an event it was not answered for; an event still failing
 * then is marked dead and logged as an error.
 */
export const RETRY_DELAYS_MS = [
  2_000,
  10_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
  24 * 3_600_000,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Events claimed and applied in one transaction. */
export const BATCH_SIZE = 200;
/** Bounds one round; a round that reaches it asks for another (runner.ts). */
export const MAX_BATCHES_PER_ROUND = 50;
/**
 * The longest a statement of a batch waits for a row another transaction holds. Past it that
 * event is put back for a retry and the rest of the batch goes on: one order held elsewhere
 * (an admin's long transaction) does not hold up everybody else's payments.
 */
export const LOCK_TIMEOUT_MS = 1_000;
/** Applied rows are kept this long, for the record; `processed_events` keeps the ids for good. */
const KEEP_APPLIED_MS = 7 * 86_400_000;

interface ClaimedRow {
  id: number | string;
  provider: ProviderEvent['provider'];
  event_id: string;
  payload: unknown;
  received_at: Date | string;
  attempts: number;
}

/** What became of one held event in a batch. */
export interface AppliedEvent {
  id: number;
  provider: ProviderEvent['provider'];
  eventId: string;
  /** Null when the row could not be applied at all (an error, or a payload that does not read). */
  outcome: EventOutcome | null;
  status: PaymentEventStatus;
  /** Why it was put back or given up. */
  error?: string;
}

export interface ApplyDeps {
  db: Database;
  /** What an applied event queues in its own transaction (e-mails, alerts). */
  effects: EventEffects;
  /** The 'Order confirmed' e-mails of the orders a batch of checkouts paid, in its transaction. */
  onPaidOrders(tx: Tx, orderIds: number[]): Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const interval = (ms: number): SQL => sql`(${ms} * interval '1 millisecond')`;

/** The error's own words, cut short: the row keeps them for whoever looks into it. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 1_000);
}

/** What an applied event makes known, so the events waiting for it are tried again at once. */
function provides(event: ProviderEvent['event']): string[] {
  if (event.type === 'checkout.completed') {
    return [
      `charge:${event.chargeId}`,
      ...(event.subscriptionId ? [`subscription:${event.subscriptionId}`] : []),
    ];
  }
  if (event.type === 'invoice.paid') return [`charge:${event.chargeId}`];
  return [];
}

/** Which order an event names by id, if it does (the batch keeps two events of one order in turn). */
function orderOf(event: ProviderEvent['event']): number | null {
  return event.type === 'checkout.completed' || event.type === 'checkout.expired' ? event.orderId : null;
}

/**
 * Claims due rows, oldest received first, in the transaction that applies them: the row locks
 * (SKIP LOCKED, so other workers take other rows) last until the commit, and a crash rolls the
 * whole batch back with its locks, leaving the rows to the next worker at once. No lease.
 */
async function claim(tx: Tx): Promise<ClaimedRow[]> {
  return rowsOf<ClaimedRow>(
    await tx.execute(sql`
      select id, provider, event_id, payload, received_at, attempts
      from payment_event_intake
      where status = 'pending' and next_attempt_at <= now()
      order by received_at, id
      limit ${BATCH_SIZE}
      for update skip locked`),
  );
}

interface Verdict {
  id: number;
  status: PaymentEventStatus;
  attempts: number;
  delayMs: number;
  waitingFor: string | null;
  lastError: string | null;
}

/** Writes every row's verdict in one statement. */
async function mark(tx: Tx, verdicts: Verdict[]) {
  if (verdicts.length === 0) return;
  await tx.execute(sql`
    update payment_event_intake i
    set status = v.status, attempts = v.attempts,
      next_attempt_at = now() + v."delayMs" * interval '1 millisecond',
      waiting_for = v."waitingFor", last_error = v."lastError",
      applied_at = case when v.status = 'applied' then now() else null end
    from jsonb_to_recordset(${JSON.stringify(verdicts)}::jsonb)
      as v(id bigint, status text, attempts int, "delayMs" bigint, "waitingFor" text, "lastError" text)
    where i.id = v.id`);
}

/**
 * Makes the events waiting for what arrived due now. A row another worker holds is skipped:
 * that worker is trying it already.
 */
async function rearm(db: Database | Tx, keys: ReadonlySet<string>) {
  if (keys.size === 0) return;
  await db.execute(sql`
    update payment_event_intake set next_attempt_at = now()
    where id in (
      select id from payment_event_intake
      where status = 'pending' and next_attempt_at > now()
        and waiting_for in (select jsonb_array_elements_text(${JSON.stringify([...keys])}::jsonb))
      for update skip locked)`);
}

/** After an event applied outside the intake (a customer's own check): what waited for it is due now. */
export function wakeWaitingFor(db: Database, event: ProviderEvent['event']): Promise<void> {
  return rearm(db, new Set(provides(event)));
}

/** One event on its own, in a savepoint: an error rolls back that event only. */
async function applyOne(
  tx: Tx,
  event: ProviderEvent,
  at: Date,
  effects: EventEffects,
): Promise<{ outcome: EventOutcome } | { error: string }> {
  try {
    return { outcome: await processProviderEvent(tx, event, at, effects) };
  } catch (error) {
    return { error: reasonOf(error) };
  }
}

/** A verdict for a row that was not applied this time: put back with its wait, or given up. */
function putBack(row: ClaimedRow, reason: string, waitingFor: string | null, giveUp = false): Verdict {
  const attempts = row.attempts + 1;
  const delay = giveUp || attempts >= MAX_ATTEMPTS ? undefined : RETRY_DELAYS_MS[attempts - 1];
  return {
    id: Number(row.id),
    status: delay === undefined ? 'dead' : 'pending',
    attempts,
    delayMs: delay ?? 0,
    waitingFor,
    lastError: reason,
  };
}

/**
 * One batch: claims up to BATCH_SIZE due rows and applies them in one transaction, each at
 * the moment it was received. Paid checkouts go together (confirm-checkouts.ts); every other
 * event, and a checkout the batch path leaves, goes through processProviderEvent in its own
 * savepoint, in the order received. Every row's verdict is written in the same transaction as
 * its effect, so an event is applied exactly once whatever crashes.
 */
export async function applyBatch(deps: ApplyDeps): Promise<AppliedEvent[]> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('lock_timeout', ${`${LOCK_TIMEOUT_MS}ms`}, true)`);
    const claimed = await claim(tx);
    if (claimed.length === 0) return [];

    const results = new Map<number, AppliedEvent>();
    const verdicts: Verdict[] = [];
    const arrived = new Set<string>();
    const held: { row: ClaimedRow; event: ProviderEvent; at: Date }[] = [];
    for (const row of claimed) {
      const payload = readPayload(row.payload);
      const base = { id: Number(row.id), provider: row.provider, eventId: row.event_id };
      if (!payload) {
        // A payload this code cannot read will not improve with time.
        const reason = 'unreadable payload';
        verdicts.push(putBack(row, reason, null, true));
        results.set(base.id, { ...base, outcome: null, status: 'dead', error: reason });
        continue;
      }
      held.push({
        row,
        at: new Date(row.received_at),
        event: { provider: row.provider, id: row.event_id, event: payload },
      });
    }

    const settle = (row: ClaimedRow, event: ProviderEvent, outcome: EventOutcome) => {
      const base = { id: Number(row.id), provider: row.provider, eventId: row.event_id };
      if (outcome.result === 'retry') {
        const verdict = putBack(row, outcome.reason, outcome.waitingFor ?? null);
        verdicts.push(verdict);
        results.set(base.id, { ...base, outcome, status: verdict.status, error: outcome.reason });
        return;
      }
      verdicts.push({
        id: base.id,
        status: 'applied',
        attempts: row.attempts,
        delayMs: 0,
        waitingFor: null,
        lastError: null,
      });
      results.set(base.id, { ...base, outcome, status: 'applied' });
      if (outcome.result === 'applied') for (const key of provides(event.event)) arrived.add(key);
    };

    // Paid checkouts of orders no other event of the batch names, together.
    const perOrder = new Map<number, number>();
    for (const h of held) {
      const orderId = orderOf(h.event.event);
      if (orderId !== null) perOrder.set(orderId, (perOrder.get(orderId) ?? 0) + 1);
    }
    const together: HeldCheckout[] = [];
    for (const h of held) {
      const e = h.event.event;
      if (e.type === 'checkout.completed' && perOrder.get(e.orderId) === 1) {
        together.push({
          rowId: Number(h.row.id),
          provider: h.event.provider,
          eventId: h.event.id,
          event: e,
          at: h.at,
        });
      }
    }
    if (together.length > 0) {
      try {
        const confirmed = await tx.transaction((sp) => confirmCheckoutsTx(sp, together, deps.onPaidOrders));
        for (const h of held) {
          const outcome = confirmed.get(Number(h.row.id));
          if (outcome) settle(h.row, h.event, outcome);
        }
      } catch (error) {
        // Rolled back to its savepoint: each checkout goes on its own, so one bad row fails alone.
        deps.log.warn({ err: error, events: together.length }, 'paid checkouts applied one by one');
      }
    }

    for (const h of held) {
      const id = Number(h.row.id);
      // Settled by the batch path; what it left and every other event go on their own.
      if (results.has(id)) continue;
      const applied = await applyOne(tx, h.event, h.at, deps.effects);
      if ('outcome' in applied) {
        settle(h.row, h.event, applied.outcome);
        continue;
      }
      const verdict = putBack(h.row, applied.error, null);
      verdicts.push(verdict);
      results.set(id, {
        id,
        provider: h.row.provider,
        eventId: h.row.event_id,
        outcome: null,
        status: verdict.status,
        error: applied.error,
      });
    }

    await mark(tx, verdicts);
    await rearm(tx, arrived);
    return claimed.flatMap((row) => results.get(Number(row.id)) ?? []);
  });
}

/** Deletes applied rows past their keeping time; given-up rows stay until someone looks. */
export async function purgeApplied(db: Database): Promise<void> {
  await db.execute(sql`
    delete from payment_event_intake
    where status = 'applied' and applied_at < now() - ${interval(KEEP_APPLIED_MS)}`);
}
