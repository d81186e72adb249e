import type { Database, Tx } from '../db/client';
import { paymentEventIntake } from '../db/schema';
import type { ProviderEvent } from '../payments/events';
import { storedPayload } from './event-payload';

/** What the intake did with a delivery: recorded it for the workers, or had it already. */
export type IntakeResult = 'queued' | 'duplicate';

/** Rows written by one statement at most: a burst is recorded in a few statements, not one each. */
const MAX_ROWS_PER_INSERT = 500;

interface Waiting {
  event: ProviderEvent;
  receivedAt: Date;
  resolve(result: IntakeResult): void;
  reject(error: unknown): void;
}

const keyOf = (event: Pick<ProviderEvent, 'provider' | 'id'>) => `${event.provider}\u0000${event.id}`;

/**
 * Writes events in one statement, each one unless its (provider, event id) is recorded already.
 * Returns the keys it wrote.
 */
async function insertEvents(db: Database | Tx, rows: { event: ProviderEvent; receivedAt: Date }[]) {
  const written = await db
    .insert(paymentEventIntake)
    .values(
      rows.map(({ event, receivedAt }) => ({
        provider: event.provider,
        eventId: event.id,
        payload: storedPayload(event.event),
        receivedAt,
      })),
    )
    .onConflictDoNothing({ target: [paymentEventIntake.provider, paymentEventIntake.eventId] })
    .returning({ provider: paymentEventIntake.provider, eventId: paymentEventIntake.eventId });
  return new Set(written.map((row) => keyOf({ provider: row.provider, id: row.eventId })));
}

export interface Intake {
  /**
   * Records a verified event, stamped with the business time it arrived at; resolves once the
   * row is committed. Deliveries that arrive while a write is under way go together in the
   * next one, so a burst holds one pooled connection at a time instead of the whole pool.
   */
  record(event: ProviderEvent): Promise<IntakeResult>;
  /** Records an event in the caller's transaction, with the change that caused it (the sandbox's checkout). */
  recordTx(tx: Tx, event: ProviderEvent): Promise<IntakeResult>;
}

/**
 * The webhook's half of a provider event (docs/decisions/0024-payment-event-intake.md): one
 * short insert, then the answer. The workers apply what was recorded (apply-events.ts).
 */
export function createIntake(deps: { db: Database; now: () => Date }): Intake {
  const { db, now } = deps;
  let queue: Waiting[] = [];
  let writing = false;

  async function writeQueued() {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_ROWS_PER_INSERT);
        queue = queue.slice(batch.length);
        // One row per event id: the first delivery is written, any copy in the same batch is a duplicate.
        const first = new Map<string, Waiting>();
        for (const waiting of batch)
          if (!first.has(keyOf(waiting.event))) first.set(keyOf(waiting.event), waiting);
        try {
          const written = await insertEvents(db, [...first.values()]);
          for (const waiting of batch) {
            const key = keyOf(waiting.event);
            waiting.resolve(first.get(key) === waiting && written.has(key) ? 'queued' : 'duplicate');
          }
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      writing = false;
    }
  }

  return {
    record(event) {
      return new Promise<IntakeResult>((resolve, reject) => {
        queue.push({ event, receivedAt: now(), resolve, reject });
        if (!writing) void writeQueued();
      });
    },
    async recordTx(tx, event) {
      const written = await insertEvents(tx, [{ event, receivedAt: now() }]);
      return written.size > 0 ? 'queued' : 'duplicate';
    },
  };
}
