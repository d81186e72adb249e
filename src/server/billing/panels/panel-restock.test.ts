import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { panels } from '../../db/schema';
import { customerSeries } from '../../testing/accounts';
import { paidCardOrder } from '../../testing/checkout';
import { addStock, panelsOfOrder } from '../../testing/inventory';
import { manualRenewalShopForSuite } from '../../testing/manual-renewal-shop';
import { orderRow } from '../../testing/orders';
import type { TestClient } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * A panel that ended on an order still waiting for stock, then restocked by an admin: its place
 * on the order stays filled. The order is owed what it was never given, not the panel that
 * ended, so the restocked panel goes to whoever is next in line, and renewals do not count it.
 */

let clock = new Date('2026-03-01T12:00:00Z');
const shop = manualRenewalShopForSuite(2, () => clock);
const db = () => shop.t.database.db;
const newCustomer = customerSeries(() => shop.t.app, 'restockend');

async function cardOrder(additional: number) {
  const { c, email } = await newCustomer();
  return { c, email, orderId: await paidCardOrder(c, { additional }) };
}

const panelsOf = (orderId: number) => panelsOfOrder(db(), orderId);
const order = (id: number) => orderRow(db(), id);
const subscriptionOf = async (c: TestClient, orderId: number) =>
  (await c.get('/api/me/billing'))
    .json()
    .subscriptions.find((s: { orderId: number }) => s.orderId === orderId);

describe(`restocking a panel that ended on a waiting order, on ${TEST_DATABASE_NAME}`, () => {
  it('keeps its place filled: the order is owed only what it never got, and the panel is sold on once', async () => {
    // Three panels bought, two in stock: the order waits for one.
    const first = await cardOrder(2);
    const delivered = await panelsOf(first.orderId);
    expect(delivered).toHaveLength(2);
    const [gone, kept] = delivered as [(typeof delivered)[0], (typeof delivered)[0]];
    expect((await order(first.orderId)).status).toBe('paid');

    // One delivered panel is canceled and ends with the period; the renewal pays for the other
    // and the one still owed.
    expect((await first.c.post('/api/me/panels/cancel', { panelIds: [gone.id] })).statusCode).toBe(200);
    clock = new Date('2026-04-01T12:00:01Z');
    await shop.runner.run();
    expect((await db().select().from(panels).where(eq(panels.id, gone.id)))[0]?.status).toBe('retired');
    expect(await subscriptionOf(first.c, first.orderId)).toMatchObject({ renewingPanels: 2 });

    // A second customer's order waits behind the first.
    const second = await cardOrder(0);
    expect(await panelsOf(second.orderId)).toHaveLength(0);

    // One new panel arrives, and the admin returns the ended panel to stock (which fills).
    await addStock(db(), 1, { key: shop.t.secrets.panelSecretKey });
    const restocked = await shop.admin.post(`/api/admin/panels/${gone.id}/restock`, {
      password: 'pw-fresh-1',
    });
    expect(restocked.statusCode, restocked.body).toBe(200);

    // Each waiting order got the one panel it was owed; nothing was given twice.
    const firstNow = await panelsOf(first.orderId);
    const secondNow = await panelsOf(second.orderId);
    expect(firstNow.map((p) => p.status)).toEqual(['sold', 'sold']);
    expect(firstNow.some((p) => p.id === kept.id)).toBe(true);
    expect(secondNow).toHaveLength(1);
    expect((await order(first.orderId)).status).toBe('completed');
    expect((await order(second.orderId)).status).toBe('completed');
    const sold = [...firstNow, ...secondNow].map((p) => p.id);
    expect(new Set(sold).size).toBe(3);
    // The restocked panel was sold on afresh: renewing, no end carried from its last owner.
    const resold = [...firstNow, ...secondNow].find((p) => p.id === gone.id);
    expect(resold).toMatchObject({ status: 'sold', cancelAtPeriodEnd: false, endedAt: null });
    // The admin's detail counts the place as delivered and gives each panel its renewal.
    const detail = (await shop.admin.get(`/api/admin/orders/${first.orderId}`)).json();
    expect(detail.order.restockedPanels).toBe(1);
    expect(detail.panels.map((p: { renewsAt: string | null }) => p.renewsAt)).toEqual([
      '2026-05-01T12:00:00.000Z',
      '2026-05-01T12:00:00.000Z',
    ]);
    // The first order renews its two panels, not a third for the place that ended.
    expect(await subscriptionOf(first.c, first.orderId)).toMatchObject({ renewingPanels: 2 });
  });
});
