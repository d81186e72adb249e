import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { insertCustomer, insertOrder } from '../testing/orders';
import { createTestApp, type TestApp } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig } from '../testing/test-config';
import { apologizeForLateOrders } from './late-delivery';

const database = TEST_DATABASE_NAME;
const NOW = new Date('2026-11-20T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

let t: TestApp;
let customer: { id: string; email: string };
const config = testConfig();

/** An order paid `ago` before NOW, delivered `after` its payment (null: still waiting). */
async function paidOrder(ago: number, after: number | null) {
  const paidAt = new Date(NOW.getTime() - ago);
  const order = await insertOrder(t.database.db, {
    userId: customer.id,
    status: after === null ? 'paid' : 'completed',
    paidAt,
    completedAt: after === null ? null : new Date(paidAt.getTime() + after),
  });
  return order.id;
}

const mailsAbout = (orderId: number) =>
  t.mailer.sent.filter((m) => m.to === customer.email && m.subject.startsWith(`Order ${orderId} `));

beforeAll(async () => {
  t = await createTestApp();
  customer = await insertCustomer(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`the late-delivery apology (${database})`, () => {
  it('is sent once for an order past the promise, waiting or delivered late, and never for one on time', async () => {
    const waitingLate = await paidOrder(7 * HOUR, null);
    const deliveredLate = await paidOrder(9 * HOUR, 7 * HOUR + 12 * MIN);
    const onTime = await paidOrder(9 * HOUR, 2 * HOUR);
    const waitingInTime = await paidOrder(5 * HOUR + 59 * MIN, null);
    const longAgo = await paidOrder(8 * 24 * HOUR, null);

    // Two sweeps at once, as two instances would run them: each order is taken once.
    const [a, b] = await Promise.all([
      apologizeForLateOrders(t.database.db, config, NOW),
      apologizeForLateOrders(t.database.db, config, NOW),
    ]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual([waitingLate, deliveredLate]);
    expect(await apologizeForLateOrders(t.database.db, config, NOW)).toEqual([]);
    await t.drainOutbox();

    const [waitingMail] = mailsAbout(waitingLate);
    expect(mailsAbout(waitingLate)).toHaveLength(1);
    expect(waitingMail?.subject).toBe(`Order ${waitingLate} is taking longer than 6 hours: we are sorry`);
    expect(waitingMail?.text).toContain('your dashboard shows your place in the queue');
    const [lateMail] = mailsAbout(deliveredLate);
    expect(mailsAbout(deliveredLate)).toHaveLength(1);
    expect(lateMail?.subject).toBe(`Order ${deliveredLate} arrived late: we are sorry`);
    expect(lateMail?.text).toContain(`the panels of order ${deliveredLate} took 7 h 12 min`);
    for (const id of [onTime, waitingInTime, longAgo]) expect(mailsAbout(id), String(id)).toHaveLength(0);

    // The order inside the promise is apologised to the minute it breaks it, and only then.
    const breaks = new Date(NOW.getTime() + MIN);
    expect(await apologizeForLateOrders(t.database.db, config, breaks)).toEqual([waitingInTime]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, waitingInTime));
    expect(row?.lateApologyAt).toEqual(breaks);
    await t.drainOutbox();
    expect(mailsAbout(waitingInTime)).toHaveLength(1);
  });

  it('marks an order of a deleted account without mailing anyone', async () => {
    const orphan = await paidOrder(7 * HOUR, null);
    await t.database.db.update(orders).set({ userId: null }).where(eq(orders.id, orphan));
    const { result, mail } = await t.mailSentBy(() => apologizeForLateOrders(t.database.db, config, NOW));
    expect(result).toEqual([orphan]);
    expect(mail).toEqual([]);
  });
});
