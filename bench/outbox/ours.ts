/**
 * Our outbox (src/server/outbox/) as production runs it: one pool writes the rows in their own
 * transactions, as a request would, and the outbox runner of another pool delivers them to a
 * receiver that does nothing but note the time. In the steady phase each commit is followed
 * by what production does after one: kick() in the same process (`ROLE=all`), or
 * NOTIFY from a web process to a worker listening for it (`ROLE=web` beside `ROLE=worker`).
 */
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, rowsOf } from '../../src/server/db/client';
import { createWakeupSender, listenForWakeups } from '../../src/server/jobs/wakeup';
import type { EmailMessage, Mailer } from '../../src/server/mail/send-email';
import { enqueueEmail } from '../../src/server/outbox/enqueue';
import { createOutboxRunner, type OutboxRunner } from '../../src/server/outbox/runner';
import { inProcessConfig } from '../lib/in-process';
import { type Drained, latencies, produce, type QueueUnderTest, Receiver, type Steady } from './measure';

const MESSAGE = {
  to: 'bench@example.com',
  subject: 'bench',
  text: 'bench',
  html: '<p>bench</p>',
  emailClass: 'account',
} as const;

/** The sweep's timer in production (wiring/sweeps.ts). */
const TICK_MS = 5_000;

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** Gets the row id back out of the Message-ID the outbox derives from it (outboxMessageId). */
function receiverMailer(receiver: Receiver): Mailer {
  return {
    async sendEmail(_message: EmailMessage, options) {
      const id = /^<outbox\.(\d+)\./.exec(options?.messageId ?? '')?.[1];
      if (!id) throw new Error('a message without its outbox Message-ID');
      receiver.receive(id);
    },
  };
}

export type Wake = 'kick' | 'notify';

export async function ourOutbox(
  url: string,
): Promise<
  QueueUnderTest & { steadyWoken(wake: Wake, perSecond: number, seconds: number): Promise<Steady> }
> {
  const config = inProcessConfig();
  const writer: DatabaseHandle = await openDatabase({ kind: 'postgres', url });
  const worker: DatabaseHandle = await openDatabase({ kind: 'postgres', url });

  const runnerFor = (receiver: Receiver): OutboxRunner =>
    createOutboxRunner({
      config,
      db: worker.db,
      mailer: receiverMailer(receiver),
      links: { finish: ({ to, subject, text, html }) => ({ to, subject, text, html }) },
      log: silent,
    });

  /** Until every row is marked sent: what the drain's time ends with. */
  async function allSent(rows: number): Promise<void> {
    for (;;) {
      const [sent] = rowsOf<{ n: string }>(
        await writer.db.execute(sql`select count(*) as n from outbox_messages where status = 'sent'`),
      );
      if (Number(sent?.n) >= rows) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const clear = () => writer.db.execute(sql`truncate outbox_messages`);

  async function steadyWoken(wake: Wake, perSecond: number, seconds: number): Promise<Steady> {
    await clear();
    const receiver = new Receiver();
    const runner = runnerFor(receiver);
    runner.start(TICK_MS);
    const sender = createWakeupSender(writer.db, silent);
    const listener = wake === 'notify' ? listenForWakeups({ url, onWake: runner.kick, log: silent }) : null;
    const afterCommit = wake === 'kick' ? runner.kick : sender.wake;
    try {
      const produced = await produce(perSecond, seconds, async () => {
        // One statement, its own transaction, as pg-boss's send() is.
        const id = await enqueueEmail(writer.db, MESSAGE);
        afterCommit();
        return String(id);
      });
      await receiver.until(produced.committedAt.size, 60_000);
      return {
        rows: produced.committedAt.size,
        committedPerSecond: produced.committedAt.size / (produced.ms / 1000),
        latencies: latencies(produced.committedAt, receiver),
        duplicates: receiver.duplicates,
      };
    } finally {
      await listener?.stop();
      await sender.stop();
      await runner.stop();
    }
  }

  return {
    async drain(rows: number): Promise<Drained> {
      await clear();
      const payload = JSON.stringify(MESSAGE);
      await writer.db.execute(sql`
        insert into outbox_messages (kind, payload)
        select 'email', ${payload}::jsonb from generate_series(1, ${rows})`);
      const receiver = new Receiver();
      const runner = runnerFor(receiver);
      const started = performance.now();
      runner.start(TICK_MS);
      try {
        await receiver.until(rows, 300_000);
        await allSent(rows);
      } finally {
        await runner.stop();
      }
      return { rows, ms: performance.now() - started, duplicates: receiver.duplicates };
    },
    steady: (perSecond, seconds) => steadyWoken('kick', perSecond, seconds),
    steadyWoken,
    async close() {
      await writer.close();
      await worker.close();
    },
  };
}
