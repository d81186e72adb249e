import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SystemStatus } from '../../../domain/api/admin/system';
import { outboxMessages, webhookEndpoints } from '../../db/schema';
import { MAX_ATTEMPTS } from '../../outbox/delivery';
import { enqueueEmail } from '../../outbox/enqueue';
import { adminKitForSuite } from '../../testing/admin-kit';
import { auditEntries } from '../../testing/audit';
import { TestClient } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';
import { TIME_LIMITED_SUBJECT } from './service';

const kit = adminKitForSuite();

async function status(): Promise<SystemStatus> {
  const res = await kit.admin.get('/api/admin/system');
  expect(res.statusCode).toBe(200);
  return res.json() as SystemStatus;
}

/** Queues an e-mail and lets the outbox give it up: its last attempt fails at the transport. */
async function parkedEmail(to: string, subject: string): Promise<number> {
  // The transport fails from before the row exists: the outbox's own timer may take it too.
  const mailer = kit.t.mailer;
  const send = mailer.sendEmail;
  mailer.sendEmail = async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
  };
  let id = 0;
  try {
    // Queued with one attempt left in one transaction: no sweep claims it with more to spend.
    id = await kit.db.transaction(async (tx) => {
      const queued = await enqueueEmail(tx, {
        to,
        subject,
        text: 'Your panels are ready: https://panelhub.test/secret-link',
        html: '<p>Your panels are ready</p>',
        emailClass: 'order',
      });
      if (queued === null) throw new Error('not queued');
      await tx
        .update(outboxMessages)
        .set({ attempts: MAX_ATTEMPTS - 1 })
        .where(eq(outboxMessages.id, queued));
      return queued;
    });
    await kit.t.drainOutbox();
  } finally {
    mailer.sendEmail = send;
  }
  const [row] = await kit.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  expect(row?.status).toBe('dead');
  return id;
}

describe(`admin system view on ${TEST_DATABASE_NAME}`, () => {
  it('shows a sweep that failed with its error, and its timer', async () => {
    // The outbox's table gone for a moment: the sweep's round fails the way a database fault would.
    await kit.db.execute(sql`alter table outbox_messages rename to outbox_messages_away`);
    try {
      await expect(kit.t.app.outbox.run()).rejects.toThrow();
    } finally {
      await kit.db.execute(sql`alter table outbox_messages_away rename to outbox_messages`);
    }
    const { sweeps, processStartedAt, runsSweeps } = await status();
    expect(runsSweeps).toBe(true);
    const outbox = sweeps.find((s) => s.name === 'outbox sweep');
    expect(outbox).toMatchObject({ everyMs: 5_000, failures: expect.any(Number) });
    expect(outbox?.failures).toBeGreaterThanOrEqual(1);
    expect(outbox?.lastError).toContain('outbox_messages');
    expect(outbox?.lastFailureAt).not.toBeNull();
    expect(Date.parse(outbox?.nextRunAt ?? '')).toBeGreaterThan(Date.now() - 1_000);
    expect(Date.parse(processStartedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('lists a given-up e-mail without its body; Retry now queues it again and the outbox sends it', async () => {
    const id = await parkedEmail('dora@example.com', 'Your panels are ready: order 77');
    const listed = (await status()).givenUpEmails.find((e) => e.id === id);
    expect(listed).toMatchObject({
      to: 'dora@example.com',
      subject: 'Your panels are ready: order 77',
      emailClass: 'order',
      attempts: MAX_ATTEMPTS,
      retryable: true,
    });
    expect(listed?.lastError).toContain('ECONNREFUSED');
    const before = await status();
    expect(before.outbox.find((q) => q.kind === 'email')?.givenUp).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(before)).not.toContain('secret-link');
    expect(before.outbox.find((q) => q.kind === 'webhook')).toEqual({
      kind: 'webhook',
      pending: 0,
      oldestPendingAt: null,
      oldestPendingSeconds: null,
      givenUp: 0,
    });

    const retry = await kit.admin.post(`/api/admin/system/emails/${id}/retry`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id, to: 'dora@example.com' });
    await kit.t.drainOutbox();
    expect(kit.t.mailer.lastTo('dora@example.com')?.subject).toBe('Your panels are ready: order 77');
    const [row] = await kit.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row?.status).toBe('sent');
    expect((await status()).givenUpEmails.some((e) => e.id === id)).toBe(false);

    const [entry] = await auditEntries(kit.db, 'email.retried', id);
    expect(entry).toMatchObject({ actorId: kit.adminUser.id, actorEmail: kit.adminUser.email });
    expect(entry?.details).toEqual({ to: 'dora@example.com', kind: 'email' });
  });

  it('refuses to retry a row that is not given up, changing nothing', async () => {
    const id = await enqueueEmail(kit.db, {
      to: 'ed@example.com',
      subject: 'Queued',
      text: 't',
      html: '<p>t</p>',
      emailClass: 'order',
    });
    await kit.t.drainOutbox();
    const [before] = await kit.db.select().from(outboxMessages).where(eq(outboxMessages.id, id!));
    expect(before?.status).toBe('sent');
    const res = await kit.admin.post(`/api/admin/system/emails/${id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_not_given_up');
    const [after] = await kit.db.select().from(outboxMessages).where(eq(outboxMessages.id, id!));
    expect(after).toEqual(before);
    expect(await auditEntries(kit.db, 'email.retried', id!)).toEqual([]);

    expect((await kit.admin.post('/api/admin/system/emails/999999/retry')).statusCode).toBe(404);
  });

  it('hides the subject of an expired sign-in message and never sends it late', async () => {
    const [row] = await kit.db
      .insert(outboxMessages)
      .values({
        kind: 'email',
        status: 'dead',
        payload: { to: 'fay@example.com', subject: 'Your sign-in code: 123456', text: '', html: '' },
        expiresAt: new Date(Date.now() - 60_000),
        lastError: 'expired before it could be sent',
      })
      .returning({ id: outboxMessages.id });
    const listed = (await status()).givenUpEmails.find((e) => e.id === row?.id);
    expect(listed).toMatchObject({ subject: TIME_LIMITED_SUBJECT, retryable: false });
    const res = await kit.admin.post(`/api/admin/system/emails/${row?.id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_expired');
  });

  it('lists a failing webhook endpoint by its host only', async () => {
    const since = new Date(Date.now() - 3_600_000);
    await kit.db.insert(webhookEndpoints).values({
      userId: kit.customerUser.id,
      workspaceId: kit.customerUser.workspaceId,
      url: 'https://hooks.example.com/in/token-abc?key=1',
      events: ['order.paid'],
      secretEncrypted: 'x',
      failingSince: since,
    });
    const [endpoint] = (await status()).failingWebhooks;
    expect(endpoint).toMatchObject({
      customerEmail: kit.customerUser.email,
      host: 'hooks.example.com',
      failingSince: since.toISOString(),
      disabledAt: null,
      waiting: 0,
    });
  });

  it('is for admins only: 403 for a customer, 401 for a visitor', async () => {
    const visitor = new TestClient(kit.t.app);
    for (const [client, code] of [
      [kit.customer, 403],
      [visitor, 401],
    ] as const) {
      expect((await client.get('/api/admin/system')).statusCode).toBe(code);
      expect((await client.post('/api/admin/system/emails/1/retry')).statusCode).toBe(code);
    }
  });
});
