import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../../domain/constants';
import type { OrderStatus } from '../../../domain/status';
import { auditLog, orders, payments } from '../../db/schema';
import { type AdminKit, adminGet, createAdminKit, insertPanels, orderStatus } from '../../testing/admin-kit';
import { auditEntries } from '../../testing/audit';
import { insertCustomer, insertPendingOrder } from '../../testing/orders';

let kit: AdminKit;
let alice: { id: string; email: string };
let bob: { id: string; email: string };
/** Order ids, oldest first. */
const made: number[] = [];

async function order(owner: { id: string }, status: OrderStatus, minutesAgo: number) {
  const { order } = await insertPendingOrder(kit.db, owner.id, { quantity: 2, totalCents: 95_000 });
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await kit.db
    .update(orders)
    .set({ status, createdAt: at, paidAt: status === 'pending_payment' || status === 'canceled' ? null : at })
    .where(eq(orders.id, order.id));
  made.push(order.id);
  return order.id;
}

beforeAll(async () => {
  kit = await createAdminKit();
  alice = await insertCustomer(kit.db, 'alice@shop.example');
  bob = await insertCustomer(kit.db, 'bob@other.example');
  // 12 orders, one minute apart: 7 of Alice's, 5 of Bob's, in different states.
  const plan: [typeof alice, OrderStatus][] = [
    [alice, 'completed'],
    [alice, 'completed'],
    [bob, 'pending_payment'],
    [alice, 'refunded'],
    [bob, 'completed'],
    [alice, 'canceled'],
    [bob, 'completed'],
    [alice, 'pending_payment'],
    [alice, 'completed'],
    [bob, 'completed'],
    [alice, 'completed'],
    [bob, 'pending_payment'],
  ];
  for (const [i, [who, status]] of plan.entries()) await order(who, status, 100 - i);
});
afterAll(() => kit.close());

const page = (query = '') => adminGet(kit, `/api/admin/orders${query}`);

describe('GET /api/admin/orders', () => {
  it('serves 5 per page, newest first, with the customer id and e-mail and a total', async () => {
    const first = await page();
    expect(first).toMatchObject({ page: 1, pageSize: ADMIN_ORDERS_PAGE_SIZE, total: 12, pageCount: 3 });
    expect(first.items.map((o: { id: number }) => o.id)).toEqual([...made].reverse().slice(0, 5));
    expect(first.items[0]).toMatchObject({
      customer: { id: bob.id, email: 'bob@other.example' },
      quantity: 2,
      totalCents: 95_000,
      status: 'pending_payment',
      delivered: 0,
    });
    const last = await page('?page=3');
    expect(last.items.map((o: { id: number }) => o.id)).toEqual([made[1], made[0]]);
    expect((await page('?sort=oldest')).items[0].id).toBe(made[0]);
  });

  it('filters by status and searches by order number or customer e-mail', async () => {
    const pending = await page('?status=pending_payment');
    expect(pending.total).toBe(3);
    expect(pending.items.every((o: { status: string }) => o.status === 'pending_payment')).toBe(true);
    const bobs = await page('?search=other.exa');
    expect(bobs.total).toBe(5);
    expect(bobs.items.every((o: { customer: { id: string } }) => o.customer.id === bob.id)).toBe(true);
    expect((await page('?search=ALICE&status=completed')).total).toBe(4);
    expect((await page(`?search=${made[3]}`)).items.map((o: { id: number }) => o.id)).toEqual([made[3]]);
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('shows the customer, payments, panels with their real status and the history', async () => {
    const id = made[0]!;
    await insertPanels(kit, [
      { status: 'sold', soldTo: alice.id, orderId: id },
      { status: 'retired', soldTo: alice.id, orderId: id },
    ]);
    await kit.db.insert(payments).values({
      orderId: id,
      userId: alice.id,
      amountCents: 95_000,
      status: 'completed',
      method: 'card',
      provider: 'sandbox',
      providerChargeId: `ch_${id}`,
    });
    await kit.db.insert(auditLog).values({
      actorId: kit.adminUser.id,
      actorEmail: kit.adminUser.email,
      action: 'order.note',
      targetType: 'order',
      targetId: String(id),
    });
    const res = await kit.admin.get(`/api/admin/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.order).toMatchObject({ id, status: 'completed', quantity: 2, totalCents: 95_000 });
    expect(detail.customer).toMatchObject({ id: alice.id, email: 'alice@shop.example' });
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ amountCents: 95_000, status: 'completed', method: 'card' });
    expect(detail.panels.map((p: { status: string }) => p.status)).toEqual(['sold', 'retired']);
    expect(detail.refundRequests).toEqual([]);
    const events = detail.history.map((h: { event: string }) => h.event);
    expect(events).toEqual(['order.created', 'order.paid', 'order.note']);
    expect(detail.history[2].actor).toEqual({ id: kit.adminUser.id, email: 'boss@example.com' });
  });

  it('is a 404 for an unknown order', async () => {
    const res = await kit.admin.get('/api/admin/orders/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No such order.');
  });
});

describe('POST /api/admin/orders/:id/cancel', () => {
  it('cancels an unpaid order once, with an audit entry', async () => {
    const id = made[2]!;
    const res = await kit.admin.post(`/api/admin/orders/${id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'canceled' });
    expect(await orderStatus(kit.db, id)).toBe('canceled');
    expect((await kit.admin.post(`/api/admin/orders/${id}/cancel`)).json()).toEqual({ status: 'canceled' });
    const entries = await auditEntries(kit.db, 'order.canceled', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: kit.adminUser.id,
      details: { previousStatus: 'pending_payment' },
    });
  });

  it('refuses paid and refunded orders with a clear 409', async () => {
    const paid = await kit.admin.post(`/api/admin/orders/${made[0]}/cancel`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toEqual({
      code: 'order_paid',
      message: 'This order is paid: paid and completed orders are refunded, not canceled.',
    });
    const refunded = await kit.admin.post(`/api/admin/orders/${made[3]}/cancel`);
    expect(refunded.statusCode).toBe(409);
    expect(await orderStatus(kit.db, made[0]!)).toBe('completed');
  });
});
