import { beforeAll, describe, expect, it } from 'vitest';
import { fillWaitingOrders } from '../provisioning/fulfillment';
import { signedUpClient } from '../testing/accounts';
import { paidCardOrder } from '../testing/checkout';
import { addStock } from '../testing/inventory';
import { type TestClient, testAppForSuite } from '../testing/test-app';

// The dashboard's "processing" list counts each waiting order's own deliveries. A correlated
// subquery once compared the panel's id with itself and reported one panel delivered for
// any order, so an order short of stock showed almost all its panels as still missing.

const t = testAppForSuite({ RATE_LIMIT_MULTIPLIER: '10' });
beforeAll(async () => {
  await t.app.ready();
});

const customer = (name: string) => signedUpClient(t.app, name, `${name}@example.com`);

const buy = (c: TestClient, planId: string, additional: number) => paidCardOrder(c, { planId, additional });

describe('GET /api/me/dashboard processing', () => {
  it("lists each waiting order with the panels it still misses, from that order's deliveries", async () => {
    await addStock(t.database.db, 9);
    const a = await customer('waiting-a');
    const first = await buy(a, 'pro', 2); // 7 panels, all delivered
    const second = await buy(a, 'pro', 0); // 5 panels, 2 in stock
    const dashboard = (await a.get('/api/me/dashboard')).json();
    expect(dashboard.stats).toMatchObject({ activePanels: 9, completedOrders: 1, processingOrders: 1 });
    expect(dashboard.processing).toEqual([expect.objectContaining({ orderId: second, missing: 3 })]);
    expect(dashboard.processing.some((p: { orderId: number }) => p.orderId === first)).toBe(false);

    await addStock(t.database.db, 1);
    const b = await customer('waiting-b');
    const third = await buy(b, 'basic', 1); // 2 panels; the new panel went to the older order
    expect((await b.get('/api/me/dashboard')).json().processing).toEqual([
      expect.objectContaining({ orderId: third, missing: 2 }),
    ]);
  });

  it("tells each waiting order its place in the delivery queue, counting every customer's", async () => {
    // Stock is empty from here on: the earlier test's older order still waits for 2 panels.
    const c = await customer('queue-c');
    const d = await customer('queue-d');
    const cFirst = await buy(c, 'basic', 0);
    const dOnly = await buy(d, 'basic', 0);
    const cSecond = await buy(c, 'basic', 0);
    const places = (body: { processing: { orderId: number; queuePlace: number }[] }) =>
      Object.fromEntries(body.processing.map((p) => [p.orderId, p.queuePlace]));
    // Waiting before these: the older pro order (1) and the basic order of waiting-b (2).
    expect(places((await c.get('/api/me/dashboard')).json())).toEqual({ [cFirst]: 3, [cSecond]: 5 });
    expect(places((await d.get('/api/me/dashboard')).json())).toEqual({ [dOnly]: 4 });

    // Stock for the first three waiting orders (2 + 2 + 1 panels): c's first is then next.
    await addStock(t.database.db, 5);
    await fillWaitingOrders(t.database.db);
    expect(places((await c.get('/api/me/dashboard')).json())).toEqual({ [cSecond]: 2 });
    expect(places((await d.get('/api/me/dashboard')).json())).toEqual({ [dOnly]: 1 });
  });
});
