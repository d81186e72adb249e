import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMITED } from '../../domain/contact';
import { outboxMessages } from '../db/schema';
import { testAppForSuite } from '../testing/test-app';
import { CONTACT_RATE_LIMIT } from './routes';

const t = testAppForSuite({ SUPPORT_EMAIL: 'help@example.org', BRAND_NAME: 'MailDesk' });

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Question about the Pro plan',
  message: 'Can I add panels later?\n\nThanks!',
};

// Each test posts from its own address, so the per-address limit of one test never affects another.
let nextIp = 1;
const post = (payload: unknown, ip = `10.0.0.${nextIp++}`) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });

describe('POST /api/contact', () => {
  it('sends the message to the support address with reply-to the visitor', async () => {
    const { result: res, mail: sent } = await t.mailSentBy(() => post(valid));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'sent' });
    expect(sent).toHaveLength(1);
    const mail = sent[0];
    expect(mail?.to).toBe('help@example.org');
    expect(mail?.replyTo).toBe('ada@example.com');
    expect(mail?.subject).toBe('Contact form: Question about the Pro plan');
    expect(mail?.text).toContain('Can I add panels later?');
    expect(mail?.text).toContain('Ada Lovelace <ada@example.com>');
    expect(mail?.text).toContain('MailDesk');
  });

  it.each([
    ['an invalid e-mail', { ...valid, email: 'not-an-email' }, 'email'],
    ['an empty message', { ...valid, message: '   ' }, 'message'],
    ['unknown fields', { ...valid, isAdmin: true }, ''],
    ['a 10 KB subject', { ...valid, subject: 'x'.repeat(10 * 1024) }, 'subject'],
    ['a subject with a line break', { ...valid, subject: 'Hi\r\nBcc: everyone@example.com' }, 'subject'],
    ['a missing name', { email: valid.email, subject: valid.subject, message: valid.message }, 'name'],
  ])('rejects %s with a 400 in the error shape and sends nothing', async (_label, payload, field) => {
    const { result: res, mail } = await t.mailSentBy(() => post(payload));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toEqual(expect.any(String));
    if (field) expect(body.error.message).toContain(field);
    expect(mail).toEqual([]);
  });

  it('limits each address, answering 429 with a clear message in the error shape', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) expect((await post(valid, ip)).statusCode).toBe(200);
    await t.drainOutbox();
    const { result: refused, mail } = await t.mailSentBy(() => post(valid, ip));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: CONTACT_RATE_LIMITED } });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(mail).toEqual([]);
    // Another address is unaffected.
    expect((await post(valid, '10.9.9.10')).statusCode).toBe(200);
  });

  it('takes the message while mail is down and delivers it once mail is back', async () => {
    await t.drainOutbox();
    const before = t.mailer.sent.length;
    const original = t.mailer.sendEmail;
    t.mailer.sendEmail = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await post({ ...valid, subject: 'Sent during an outage' });
      expect(res.statusCode).toBe(200);
      await t.drainOutbox();
    } finally {
      t.mailer.sendEmail = original;
    }
    expect(t.mailer.sent).toHaveLength(before);
    // The retry waits out its backoff; make it due now rather than wait 10 seconds.
    await t.database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outboxMessages.status, 'pending'));
    await t.drainOutbox();
    expect(t.mailer.sent.map((m) => m.subject)).toEqual([
      ...t.mailer.sent.slice(0, before).map((m) => m.subject),
      'Contact form: Sent during an outage',
    ]);
  });
});
