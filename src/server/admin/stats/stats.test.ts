import { describe, expect, it } from 'vitest';
import { adminKitForSuite, insertPaidOrder, insertPanels } from '../../testing/admin-kit';
import { insertCustomer, insertPendingOrder } from '../../testing/orders';

const kit = adminKitForSuite();

describe('GET /api/admin/stats and /api/admin/fulfillment', () => {
  it('counts available and sold panels and completed orders', async () => {
    const buyer = await insertCustomer(kit.db);
    await insertPanels(kit, [
      ...Array.from({ length: 4 }, () => ({ status: 'available' as const })),
      ...Array.from({ length: 3 }, () => ({ status: 'sold' as const, soldTo: buyer.id })),
      { status: 'retired' as const },
    ]);
    await insertPendingOrder(kit.db, buyer.id);
    const res = await kit.admin.get('/api/admin/stats');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      totalPanels: { value: 4, exact: true },
      activePanels: { value: 3, exact: true },
      totalOrders: { value: 0, exact: true },
      waitingOrders: 0,
      panelsNeeded: 0,
      panelsShort: 0,
    });
  });

  it('lists orders waiting for panels oldest first against the 6-hour promise, and warns when stock is short', async () => {
    const late = await insertPaidOrder(kit, { quantity: 6, paidAt: new Date(Date.now() - 7 * 3_600_000) });
    const fresh = await insertPaidOrder(kit, { quantity: 2, paidAt: new Date(Date.now() - 3_600_000) });

    const queue = (await kit.admin.get('/api/admin/fulfillment')).json();
    expect(queue.entries.map((e: { orderId: number }) => e.orderId)).toEqual([late.order.id, fresh.order.id]);
    const [first, second] = queue.entries;
    expect(first).toMatchObject({ quantity: 6, delivered: 0, missing: 6, breached: true });
    expect(first.customer).toEqual({ id: late.customer.id, email: late.customer.email });
    expect(first.secondsLeft).toBeLessThanOrEqual(-3600);
    expect(new Date(first.deadline).getTime() - new Date(first.paidAt).getTime()).toBe(6 * 3_600_000);
    expect(second).toMatchObject({ missing: 2, breached: false });
    expect(second.secondsLeft).toBeGreaterThan(4.9 * 3600);
    expect(queue).toMatchObject({ waitingOrders: 2, panelsNeeded: 8, panelsShort: 4 });
    expect(queue.available).toEqual({ value: 4, exact: true });
    expect(queue.warning).toBe(
      'Stock is short: waiting orders need 8 panels and only 4 are available. Add or import 4 more.',
    );
    expect((await kit.admin.get('/api/admin/stats')).json()).toMatchObject({
      waitingOrders: 2,
      panelsNeeded: 8,
      panelsShort: 4,
    });
  });
});
