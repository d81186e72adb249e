import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, refundRequests } from '../db/schema';
import { signedInAccount } from '../testing/accounts';
import { adminKitForSuite, insertPanels } from '../testing/admin-kit';
import { auditEntries } from '../testing/audit';
import { insertPendingOrder } from '../testing/orders';
import type { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

/**
 * Two people (or two tabs) doing the same thing at the same moment: exactly one of them
 * happens. Each case runs its requests concurrently on one app (PGlite serialises them in
 * one process; PostgreSQL runs them on separate connections, where the locks matter).
 */
const database = TEST_DATABASE_NAME;

const kit = adminKitForSuite();
let secondAdmin: TestClient;
beforeAll(async () => {
  ({ client: secondAdmin } = await signedInAccount(kit.t.app, kit.db, {
    email: 'deputy@example.com',
    role: 'admin',
  }));
});

describe(`races on ${database}`, () => {
  it('two admins marking one bank transfer paid: one payment, one confirmation, panels once', async () => {
    const { order } = await insertPendingOrder(kit.db, kit.customerUser.id, { quantity: 2 });
    await kit.db
      .update(orders)
      .set({ provider: 'manual', paymentMethod: 'bank_transfer', providerSessionId: null })
      .where(eq(orders.id, order.id));
    await insertPanels(kit, [{}, {}, {}]);

    const results = await Promise.all([
      kit.admin.post(`/api/admin/orders/${order.id}/mark-paid`),
      secondAdmin.post(`/api/admin/orders/${order.id}/mark-paid`),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().paid).sort()).toEqual([false, true]);

    expect(await kit.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    const marks = await auditEntries(kit.db, 'order.marked_paid', order.id);
    expect(marks).toHaveLength(1);
    const [row] = await kit.db.select().from(orders).where(eq(orders.id, order.id));
    expect(['paid', 'completed']).toContain(row?.status);
  });

  it('two refund requests for one order: one request, the other told it is already waiting', async () => {
    const { order } = await insertPendingOrder(kit.db, kit.customerUser.id, { quantity: 1 });
    await kit.db
      .update(orders)
      .set({ status: 'completed', paidAt: new Date(), subscriptionStatus: 'active' })
      .where(eq(orders.id, order.id));

    const url = `/api/me/orders/${order.id}/refund-request`;
    const results = await Promise.all([
      kit.customer.post(url, { reason: 'Changed our plans.' }),
      kit.customer.post(url, { reason: 'Changed our plans.' }),
      kit.customer.post(url, { reason: 'Changed our plans.' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().error.code).toBe('refund_already_requested');
    expect(
      await kit.db.select().from(refundRequests).where(eq(refundRequests.orderId, order.id)),
    ).toHaveLength(1);
  });
});
