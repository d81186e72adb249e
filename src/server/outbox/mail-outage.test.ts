import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, outboxMessages } from '../db/schema';
import { panelsReadyMessage } from '../provisioning/order-emails';
import { addStock } from '../testing/inventory';
import { smtpAppForSuite } from '../testing/smtp-app';
import { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

/*
 * The mail server goes down: customers still pay, nothing is lost, and when the server is
 * back each queued message arrives once. The app sends over SMTP to a real SMTP peer here,
 * not through a test double.
 */
const where = TEST_DATABASE_NAME;

const smtp = smtpAppForSuite({ PUBLIC_URL: 'https://shop.panelhub.test' });
beforeAll(() => addStock(smtp.database.db, 2));

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1];

describe(`mail outage on ${where}`, () => {
  it('takes a paid checkout while SMTP is down and delivers each e-mail once when it is back', async () => {
    const c = new TestClient(smtp.app);
    await c.signUp('Olga', 'olga@example.com', 'password-1');
    await c.signIn('olga@example.com', 'password-1');
    const before = smtp.peer.received.length;

    await smtp.peer.stop();
    const { url, orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'card' })
    ).json();
    const pay = await c.post(`/api/sandbox/sessions/${String(url).split('/').at(-1)}/pay`);
    expect(pay.statusCode).toBe(200);
    const [order] = await smtp.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('completed');

    await smtp.app.outbox.run();
    expect(smtp.peer.received).toHaveLength(before);
    const queued = await smtp.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.status, 'pending'));
    expect(queued).toHaveLength(2);
    expect(queued.every((m) => m.attempts >= 1 && m.lastError?.includes('ECONNREFUSED'))).toBe(true);

    await smtp.peer.start();
    // Their retry is due in 10 seconds; bring it forward instead of waiting.
    await smtp.database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(outboxMessages.status, 'pending'));
    await Promise.all([smtp.app.outbox.run(), smtp.app.outbox.run()]);
    await smtp.app.outbox.run();

    const arrived = smtp.peer.received.slice(before);
    expect(arrived.map(subjectOf).sort()).toEqual(
      [`Order ${orderId} confirmed`, panelsReadyMessage(smtp.config, order!).subject].sort(),
    );
    for (const raw of arrived) {
      expect(raw).toContain('To: olga@example.com');
      expect(raw).toMatch(/^Message-ID: <outbox\.\d+\.\d+@shop\.panelhub\.test>$/m);
    }
    const rows = await smtp.database.db.select().from(outboxMessages);
    expect(rows.filter((m) => m.status !== 'sent')).toEqual([]);
  });
});
