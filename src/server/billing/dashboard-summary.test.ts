import { beforeAll, describe, expect, it } from 'vitest';
import { signedUpClient } from '../testing/accounts';
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

async function buy(c: TestClient, planId: string, additionalPanels: number): Promise<number> {
  const { url, orderId } = (
    await c.post('/api/checkout', { planId, additionalPanels, method: 'card' })
  ).json();
  await c.post(`/api/sandbox/sessions/${url.split('/').at(-1)}/pay`);
  return orderId as number;
}

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
});
