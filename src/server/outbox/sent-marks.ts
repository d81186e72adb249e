import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';

interface Claim {
  id: number;
  attempts: number;
}

/**
 * Marks a batch sent in one statement. The attempt number is the fence: if our lease ran
 * out and another sweep claimed a row, its attempts moved on and our late verdict is dropped.
 * Returns the ids that were still ours.
 */
async function markSent(db: Database, rows: Claim[], now: SQL): Promise<Set<number>> {
  const claims = sql.join(
    rows.map((r) => sql`(${r.id}::bigint, ${r.attempts}::integer)`),
    sql`, `,
  );
  const marked = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      update outbox_messages
      set status = 'sent', sent_at = ${now}, locked_until = null, last_error = null
      where (id, attempts) in (${claims}) and status = 'pending'
      returning id`),
  );
  return new Set(marked.map((r) => Number(r.id)));
}

/**
 * Marks each message sent as soon as its send returns, sharing statements: a message whose
 * send returns while no mark is being written is marked at once and alone; those that return
 * while one is being written wait for it and go together in the next. So a sent message stays
 * unmarked (and is sent again after a crash) for at most two statements, and ten sends that
 * end together cost two statements, not ten: one commit each was what bounded delivery.
 * `mark` resolves to whether the row was still ours.
 */
export function createSentMarks(db: Database, now: SQL) {
  let waiting: { claim: Claim; settle: (marked: Promise<Set<number>>) => void }[] = [];
  let writing = false;

  async function write() {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const marked = markSent(
        db,
        batch.map((w) => w.claim),
        now,
      );
      for (const w of batch) w.settle(marked);
      await marked.catch(() => {});
    }
    writing = false;
  }

  return {
    mark(claim: Claim): Promise<boolean> {
      const marked = new Promise<Set<number>>((resolve) => {
        waiting.push({ claim, settle: resolve });
      });
      if (!writing) {
        writing = true;
        // Sends that end in the same turn of the event loop share the first statement too.
        setImmediate(() => void write());
      }
      return marked.then((ids) => ids.has(claim.id));
    },
  };
}
