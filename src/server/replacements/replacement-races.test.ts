import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { panels, replacementRequests } from '../db/schema';
import { fillWaitingOrders } from '../provisioning/fulfillment';
import { insertActiveOrder } from '../testing/active-order';
import { adminKitForSuite, insertPaidOrder } from '../testing/admin-kit';
import { addStock } from '../testing/inventory';
import { insertCustomer } from '../testing/orders';
import type { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

/*
 * Replacement fills take panels under allocation's lock (provisioning/fulfillment.ts): many
 * admins' clicks at once never hand one panel to two requests, and the stock is shared with
 * waiting orders oldest first. PGlite serialises the requests in one process; PostgreSQL
 * runs them on separate connections, where the locks matter.
 */
const kit = adminKitForSuite();
const key = () => kit.t.secrets.panelSecretKey;
const requestsOf = (ids: number[]) =>
  kit.db.select().from(replacementRequests).where(inArray(replacementRequests.id, ids));
let customers: { id: string; client: TestClient }[];

beforeAll(async () => {
  customers = [];
  for (let i = 0; i < 5; i++) {
    const who = await insertCustomer(kit.db, `race-${i}@example.com`);
    customers.push({ id: who.id, client: kit.customer });
  }
});

async function openRequests(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const owner = customers[i % customers.length]!;
    const { orderId, panelIds } = await insertActiveOrder(kit.db, owner.id, { key: key() });
    const [row] = await kit.db
      .insert(replacementRequests)
      .values({
        panelId: panelIds[0]!,
        originPanelId: panelIds[0]!,
        orderId,
        userId: owner.id,
        reason: 'cannot_sign_in',
        createdAt: new Date(Date.now() - (n - i) * 1000),
      })
      .returning({ id: replacementRequests.id });
    ids.push(row!.id);
  }
  return ids;
}

describe(`replacement races on ${TEST_DATABASE_NAME}`, () => {
  it('50 replaces at once against 20 panels: 20 replaced with 20 different panels, 30 waiting', async () => {
    const ids = await openRequests(50);
    await addStock(kit.db, 20, { key: key(), prefix: 'race-stock' });

    const results = await Promise.all(
      ids.map((id) => kit.admin.post(`/api/admin/replacements/${id}/replace`)),
    );
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const outcomes = results.map((r) => r.json().status);
    expect(outcomes.filter((s) => s === 'replaced')).toHaveLength(20);
    expect(outcomes.filter((s) => s === 'waiting')).toHaveLength(30);

    const rows = await requestsOf(ids);
    const replaced = rows.filter((r) => r.status === 'replaced');
    expect(replaced).toHaveLength(20);
    expect(rows.filter((r) => r.status === 'open' && r.approvedAt !== null)).toHaveLength(30);
    // Which 20: those whose approval an allocation saw first (the clicks race); the line
    // within one allocation is oldest first, checked below with an order.
    const given = replaced.map((r) => r.newPanelId!);
    expect(new Set(given).size).toBe(20);
    const newPanels = await kit.db.select().from(panels).where(inArray(panels.id, given));
    expect(newPanels.every((p) => p.status === 'sold')).toBe(true);
    for (const r of replaced) {
      const p = newPanels.find((x) => x.id === r.newPanelId)!;
      expect([p.orderId, p.soldTo]).toEqual([r.orderId, r.userId]);
    }
    const [left] = await kit.db.select({ n: count() }).from(panels).where(eq(panels.status, 'available'));
    expect(left?.n).toBe(0);

    // Restock: the 30 waiting are filled, oldest first, and no panel is given twice.
    await addStock(kit.db, 30, { key: key(), prefix: 'race-more' });
    await Promise.all([fillWaitingOrders(kit.db), fillWaitingOrders(kit.db), fillWaitingOrders(kit.db)]);
    const all = await kit.db
      .select({ newPanelId: replacementRequests.newPanelId })
      .from(replacementRequests)
      .where(isNotNull(replacementRequests.newPanelId));
    expect(new Set(all.map((r) => r.newPanelId)).size).toBe(all.length);
    const done = await requestsOf(ids);
    expect(done.every((r) => r.status === 'replaced')).toBe(true);
  });

  it('shares stock with waiting orders, oldest first: an order paid before the report is served first', async () => {
    const [requestId] = await openRequests(1);
    await kit.db
      .update(replacementRequests)
      .set({ approvedAt: new Date() })
      .where(eq(replacementRequests.id, requestId!));
    const { order } = await insertPaidOrder(kit, { quantity: 1, paidAt: new Date(Date.now() - 3_600_000) });
    await addStock(kit.db, 1, { key: key(), prefix: 'shared' });
    await fillWaitingOrders(kit.db);
    expect((await requestsOf([requestId!]))[0]?.status).toBe('open');
    const [sold] = await kit.db.select({ n: count() }).from(panels).where(eq(panels.orderId, order.id));
    expect(sold?.n).toBe(1);

    await addStock(kit.db, 1, { key: key(), prefix: 'shared-2' });
    await fillWaitingOrders(kit.db);
    expect((await requestsOf([requestId!]))[0]?.status).toBe('replaced');
  });
});
