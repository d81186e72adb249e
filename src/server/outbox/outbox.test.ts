import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '../db/schema';
import { createPreferenceLinks } from '../email-preferences/links';
import type { EmailMessage, Mailer, SendOptions } from '../mail/send-email';
import { TEST_DATABASE_NAME, testConfig } from '../testing/test-config';
import { anotherConnectionForSuite, testDatabaseForSuite } from '../testing/test-database';
import {
  BATCH_SIZE,
  type DeliveryDeps,
  deliverDueMessages,
  LEASE_MS,
  MAX_ATTEMPTS,
  MAX_ROWS_PER_SWEEP,
  RETRY_DELAYS_MS,
} from './delivery';
import { enqueueEmail, type OutgoingEmail, releaseEmail } from './enqueue';
import { createOutboxRunner } from './runner';

const where = TEST_DATABASE_NAME;

const database = testDatabaseForSuite();
const second = anotherConnectionForSuite(database);
// Each test starts with an empty outbox, so one test's leftovers are never another's due rows.
beforeEach(async () => {
  await database.db.delete(outboxMessages);
});

interface Sent {
  message: EmailMessage;
  options: SendOptions | undefined;
}

/** A transport that records, and fails its first `failures` calls. */
function transport(failures = 0) {
  const sent: Sent[] = [];
  let calls = 0;
  const mailer: Mailer = {
    async sendEmail(message, options) {
      calls++;
      if (calls <= failures) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      sent.push({ message, options });
    },
  };
  return { mailer, sent, calls: () => calls };
}

const lines: string[] = [];
const log = {
  info: (...args: unknown[]) => lines.push(JSON.stringify(args)),
  warn: (...args: unknown[]) => lines.push(JSON.stringify(args)),
  error: (...args: unknown[]) => lines.push(JSON.stringify(args)),
};
const links = createPreferenceLinks('https://panelhub.test', 's'.repeat(32));
const deps = (mailer: Mailer, db = database.db): DeliveryDeps => ({
  db,
  mailer,
  messageIdHost: 'panelhub.test',
  finish: links.finish,
  log,
});

const message = (n: number): OutgoingEmail => ({
  to: `person${n}@example.com`,
  subject: `Message ${n}`,
  text: `Your code is SECRET-${n}`,
  html: `<p>Your code is SECRET-${n}</p>`,
  emailClass: 'account',
});

/** Account mail is always queued: a row id, never null. */
async function queued(...args: Parameters<typeof enqueueEmail>): Promise<number> {
  const id = await enqueueEmail(...args);
  if (id === null) throw new Error('account mail was not queued');
  return id;
}

async function row(id: number) {
  const [found] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe(`outbox on ${where}`, () => {
  it('writes the message only if the transaction commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, message(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.select().from(outboxMessages)).toEqual([]);

    const id = await database.db.transaction((tx) => queued(tx, message(2)));
    expect(await row(id)).toMatchObject({ kind: 'email', status: 'pending', attempts: 0 });
  });

  it('retries with backoff while the transport fails, then delivers once', async () => {
    const t = transport(2);
    const id = await queued(database.db, message(3));
    const start = new Date(Date.now() + 1_000);

    expect(await deliverDueMessages(deps(t.mailer), { at: start })).toEqual([
      { id, kind: 'email', outcome: 'retry' },
    ]);
    let stored = await row(id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(stored.nextAttemptAt.getTime() - start.getTime()).toBe(RETRY_DELAYS_MS[0]);
    expect(stored.lastError).toContain('ECONNREFUSED');

    // Not due before its backoff is over.
    expect(await deliverDueMessages(deps(t.mailer), { at: later(start, RETRY_DELAYS_MS[0] - 1) })).toEqual(
      [],
    );

    const second = later(start, RETRY_DELAYS_MS[0]);
    expect((await deliverDueMessages(deps(t.mailer), { at: second }))[0]?.outcome).toBe('retry');
    stored = await row(id);
    expect(stored.attempts).toBe(2);
    expect(stored.nextAttemptAt.getTime() - second.getTime()).toBe(RETRY_DELAYS_MS[1]);

    const third = later(second, RETRY_DELAYS_MS[1]);
    expect((await deliverDueMessages(deps(t.mailer), { at: third }))[0]?.outcome).toBe('sent');
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null, lockedUntil: null });
    expect(t.calls()).toBe(3);
    expect(t.sent.map((s) => s.message.subject)).toEqual(['Message 3']);

    // A sent row is never sent again.
    expect(await deliverDueMessages(deps(t.mailer), { at: later(third, 86_400_000) })).toEqual([]);
    expect(t.sent).toHaveLength(1);
  });

  it('gives a message up as dead after the last retry, about a day after the first try', async () => {
    const total = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThan(20 * 3_600_000);
    expect(total).toBeLessThan(26 * 3_600_000);

    const t = transport(Number.POSITIVE_INFINITY);
    const id = await queued(database.db, message(4));
    let at = new Date(Date.now() + 1_000);
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      for (const r of await deliverDueMessages(deps(t.mailer), { at })) outcomes.push(r.outcome);
      at = later(at, RETRY_DELAYS_MS[attempt - 1] ?? 86_400_000);
    }
    expect(outcomes).toEqual([...Array(MAX_ATTEMPTS - 1).fill('retry'), 'dead']);
    expect(await row(id)).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
    const given = lines.filter((l) => l.includes('outbox message given up'));
    expect(given.at(-1)).toContain(`"outboxId":${id}`);
    // Log lines name the row and the reason, never the message: its body carries codes.
    expect(lines.join('\n')).not.toContain('SECRET-');
    expect(lines.join('\n')).not.toContain('person4@example.com');
  });

  it('delivers each row exactly once when two instances sweep at the same time', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await queued(database.db, message(100 + i)));
    const a = transport();
    const b = transport();
    // Transports that take a moment, so the sweeps overlap.
    const slow = (inner: Mailer): Mailer => ({
      async sendEmail(m, o) {
        await new Promise((r) => setTimeout(r, 5));
        await inner.sendEmail(m, o);
      },
    });
    const results = await Promise.all([
      deliverDueMessages(deps(slow(a.mailer), database.db)),
      deliverDueMessages(deps(slow(b.mailer), second.db)),
      deliverDueMessages(deps(slow(a.mailer), database.db)),
      deliverDueMessages(deps(slow(b.mailer), second.db)),
    ]);

    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    const delivered = [...a.sent, ...b.sent].map((s) => s.message.subject).sort();
    expect(delivered).toEqual(ids.map((_, i) => `Message ${100 + i}`).sort());
    expect(results.flat().filter((r) => r.outcome === 'sent')).toHaveLength(40);
    const rows = await database.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('takes over a row whose sender died mid-send once the lease is over, with the same Message-ID', async () => {
    const id = await queued(database.db, message(5));
    const start = new Date(Date.now() + 1_000);
    // The first sender claims and sends, then dies before recording it.
    const dying: Mailer = {
      sendEmail: () => new Promise<never>(() => {}),
    };
    const dead = deliverDueMessages(deps(dying), { at: start });
    await expect.poll(async () => (await row(id)).attempts).toBe(1);
    const survivor = transport();
    expect(await deliverDueMessages(deps(survivor.mailer), { at: later(start, LEASE_MS - 1) })).toEqual([]);
    expect(await deliverDueMessages(deps(survivor.mailer), { at: later(start, LEASE_MS) })).toEqual([
      { id, kind: 'email', outcome: 'sent' },
    ]);
    const created = (await row(id)).createdAt.getTime();
    expect(survivor.sent[0]?.options?.messageId).toBe(`<outbox.${id}.${created}@panelhub.test>`);
    void dead;
  });

  it('stops claiming when the runner stops: shutdown waits for the batch in hand, not the queue', async () => {
    for (let n = 0; n < 3 * BATCH_SIZE; n++) await queued(database.db, message(n));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const slow: Mailer = {
      async sendEmail() {
        calls++;
        await held;
      },
    };
    const runner = createOutboxRunner({ config: testConfig(), db: database.db, mailer: slow, links, log });
    const sweep = runner.run();
    await vi.waitFor(() => expect(calls).toBe(BATCH_SIZE));
    const stopped = runner.stop();
    release();
    await stopped;
    await sweep;
    expect(calls).toBe(BATCH_SIZE);
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(BATCH_SIZE);
    // The rest was never sent: claimed ahead or not, it is free, its attempt not counted, so the
    // next start (here or on another instance) sends it at once.
    const rest = rows.filter((r) => r.status === 'pending');
    expect(rest).toHaveLength(2 * BATCH_SIZE);
    expect(rest.every((r) => r.lockedUntil === null && r.attempts === 0)).toBe(true);
  });

  it('goes on at once after a round that reached its bound, not at the next tick', async () => {
    await database.db.insert(outboxMessages).values(
      Array.from({ length: MAX_ROWS_PER_SWEEP + 5 }, (_, n) => ({
        kind: 'email' as const,
        payload: { to: `bulk${n}@example.com`, subject: 'bulk', text: 'bulk', html: '<p>bulk</p>' },
      })),
    );
    const { mailer, sent } = transport();
    const runner = createOutboxRunner({ config: testConfig(), db: database.db, mailer, links, log });
    const results = await runner.run();
    await runner.stop();
    expect(results.filter((r) => r.outcome === 'sent')).toHaveLength(MAX_ROWS_PER_SWEEP + 5);
    expect(sent).toHaveLength(MAX_ROWS_PER_SWEEP + 5);
  });

  it('marks a row it cannot read dead at once instead of retrying it', async () => {
    const [bad] = await database.db
      .insert(outboxMessages)
      .values({ kind: 'email', payload: { to: 'x@example.com' } })
      .returning();
    const t = transport();
    expect(await deliverDueMessages(deps(t.mailer), { at: new Date(Date.now() + 1_000) })).toEqual([
      { id: bad!.id, kind: 'email', outcome: 'dead' },
    ]);
    expect(t.calls()).toBe(0);
  });

  it('deletes delivered messages after a week', async () => {
    const id = await queued(database.db, message(6));
    const t = transport();
    const start = new Date(Date.now() + 1_000);
    await deliverDueMessages(deps(t.mailer), { at: start });
    await deliverDueMessages(deps(t.mailer), { at: later(start, 6 * 86_400_000) });
    expect((await row(id)).status).toBe('sent');
    await deliverDueMessages(deps(t.mailer), { at: later(start, 7 * 86_400_000 + 1_000) });
    expect(await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id))).toEqual([]);
  });

  it('gives a message up unsent once it expires, even while it is waiting for a retry', async () => {
    const start = new Date(Date.now() + 1_000);
    const expiresAt = later(start, 10 * 60_000);
    const t = transport(Number.POSITIVE_INFINITY);
    const code = await queued(database.db, message(7), { expiresAt, demoHint: 'code 7' });
    const late = await queued(database.db, message(8), { expiresAt });
    const lasting = await queued(database.db, message(9));

    // The transport is down: tried at once, then after 10 s, 1 min and 5 min, all inside the
    // code's 10 minutes; the next retry would come 30 minutes later.
    let at = start;
    for (const delay of RETRY_DELAYS_MS.slice(0, 4)) {
      expect((await deliverDueMessages(deps(t.mailer), { at })).map((r) => r.outcome)).toEqual([
        'retry',
        'retry',
        'retry',
      ]);
      at = later(at, delay);
    }
    expect(await deliverDueMessages(deps(t.mailer), { at: later(expiresAt, -1) })).toEqual([]);

    // Past its give-up time the code is dead, not sent, even with the transport back.
    const back = transport();
    const results = await deliverDueMessages(deps(back.mailer), { at: later(expiresAt, 30 * 60_000) });
    expect(results).toEqual(
      expect.arrayContaining([
        { id: code, kind: 'email', outcome: 'expired' },
        { id: late, kind: 'email', outcome: 'expired' },
        { id: lasting, kind: 'email', outcome: 'sent' },
      ]),
    );
    expect(back.sent.map((s) => s.message.subject)).toEqual(['Message 9']);
    expect(await row(code)).toMatchObject({ status: 'dead', lastError: 'expired before it could be sent' });
    expect(lines.join('\n')).toContain('outbox message expired before it could be sent');

    // A message within its time goes out as usual.
    const fresh = await queued(database.db, message(10), { expiresAt: later(new Date(), 10 * 60_000) });
    expect(await deliverDueMessages(deps(back.mailer), { at: new Date(Date.now() + 1_000) })).toEqual([
      { id: fresh, kind: 'email', outcome: 'sent' },
    ]);
  });

  it('leaves a message being sent to its sender when it expires mid-send', async () => {
    const start = new Date(Date.now() + 1_000);
    const id = await queued(database.db, message(11), { expiresAt: later(start, 60_000) });
    let finish!: () => void;
    const slow: Mailer = {
      sendEmail: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    };
    const sending = deliverDueMessages(deps(slow), { at: start });
    await expect.poll(async () => (await row(id)).attempts).toBe(1);
    // Another sweep after the give-up time, while the lease holds: the row is not taken from its sender.
    expect(await deliverDueMessages(deps(transport().mailer), { at: later(start, 61_000) })).toEqual([]);
    finish();
    expect(await sending).toEqual([{ id, kind: 'email', outcome: 'sent' }]);
  });

  it('holds a message, and sends its replacement once released, or the original when the hold runs out', async () => {
    const t = transport();
    const soon = () => new Date(Date.now() + 1_000);
    const held = await queued(database.db, message(12), { holdMs: 60_000 });
    expect(await deliverDueMessages(deps(t.mailer), { at: soon() })).toEqual([]);
    expect(await releaseEmail(database.db, held, { ...message(13), emailClass: 'account' })).toBe(true);
    expect(await deliverDueMessages(deps(t.mailer), { at: soon() })).toEqual([
      { id: held, kind: 'email', outcome: 'sent' },
    ]);
    expect(t.sent.map((s) => s.message.subject)).toEqual(['Message 13']);
    // Once sent, there is nothing left to replace.
    expect(await releaseEmail(database.db, held, { ...message(14), emailClass: 'account' })).toBe(false);

    // Nobody released it (the process died): it goes out as written when the hold is over.
    const orphan = await queued(database.db, message(15), { holdMs: 60_000 });
    expect(await deliverDueMessages(deps(t.mailer), { at: new Date(Date.now() + 61_000) })).toEqual([
      { id: orphan, kind: 'email', outcome: 'sent' },
    ]);
    expect(t.sent.map((s) => s.message.subject)).toEqual(['Message 13', 'Message 15']);
  });
});
