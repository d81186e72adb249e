import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { panels, payments } from '../db/schema';
import { runManualPaymentSweep } from '../orders/pending-expiry';
import { customerSeries } from '../testing/accounts';
import { insertActiveOrder } from '../testing/active-order';
import { auditEntries } from '../testing/audit';
import { manualRenewalShopForSuite } from '../testing/manual-renewal-shop';
import { orderRow } from '../testing/orders';
import { testConfig } from '../testing/test-config';

/*
 * An account deleted before its bank transfer arrived must not leave the order waiting for
 * payment, where an admin's 'Mark as paid' would sell panels to nobody. The deletion cancels
 * it in its own transaction, and every admin action that would take money or give stock for
 * a deleted customer's order answers 409 and changes nothing.
 */

let clock = new Date('2026-05-01T12:00:00Z');
const shop = manualRenewalShopForSuite(5, () => clock);
const newCustomer = customerSeries(() => shop.t.app, 'leaver');

const db = () => shop.t.database.db;
const order = (id: number) => orderRow(db(), id);
const paymentsOf = (id: number) => db().select().from(payments).where(eq(payments.orderId, id));
const bankCheckout = async (c: Awaited<ReturnType<typeof newCustomer>>['c']) =>
  (
    (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' })
    ).json() as {
      orderId: number;
    }
  ).orderId;
const deleteAccount = async (c: Awaited<ReturnType<typeof newCustomer>>['c'], email: string) =>
  expect((await c.post('/api/me/delete', { confirmEmail: email })).statusCode).toBe(204);

const DELETED = {
  code: 'account_deleted',
  message:
    'The customer deleted their account, so this order can no longer be paid, renewed or filled. Money that arrived for it goes back by hand.',
};

describe('deleting an account with a bank transfer order still unpaid', () => {
  it('cancels the order as account_deleted; marking it paid then answers 409 and changes nothing', async () => {
    clock = new Date('2026-05-01T12:00:00Z');
    const { c, email } = await newCustomer();
    const orderId = await bankCheckout(c);
    clock = new Date('2026-05-01T13:00:00Z');
    await deleteAccount(c, email);

    const canceled = await order(orderId);
    expect(canceled).toMatchObject({
      userId: null,
      status: 'canceled',
      cancelReason: 'account_deleted',
      canceledAt: clock,
      paidAt: null,
    });
    const [deleted] = await auditEntries(db(), 'account.deleted');
    expect(deleted?.details).toMatchObject({ unpaidOrdersCanceled: [orderId] });

    const stockBefore = await db().select().from(panels).where(eq(panels.status, 'available'));
    const res = await shop.admin.post(`/api/admin/orders/${orderId}/mark-paid`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: DELETED });
    expect(await order(orderId)).toEqual(canceled);
    expect(await paymentsOf(orderId)).toEqual([]);
    expect(await db().select().from(panels).where(eq(panels.status, 'available'))).toEqual(stockBefore);
    expect(await auditEntries(db(), 'order.marked_paid', orderId)).toEqual([]);
  });

  it('is no longer waiting for payment: the reminder and deadline sweep passes it by', async () => {
    clock = new Date('2026-05-02T12:00:00Z');
    const { c, email } = await newCustomer();
    const orderId = await bankCheckout(c);
    await deleteAccount(c, email);
    const canceled = await order(orderId);

    // Half the payment window (the reminder), then all of it (the deadline).
    for (const at of ['2026-05-06T12:00:00Z', '2026-05-20T12:00:00Z']) {
      const changes = await runManualPaymentSweep(db(), testConfig(), new Date(at));
      expect(changes.map((change) => change.order.id)).not.toContain(orderId);
    }
    expect(await order(orderId)).toEqual(canceled);
    const waiting = (await shop.admin.get('/api/admin/orders?status=pending_payment')).json() as {
      items: { id: number }[];
    };
    expect(waiting.items.map((o) => o.id)).not.toContain(orderId);
  });
});

describe('admin actions on a deleted customer’s order', () => {
  it('recording a renewal answers 409 and records no payment', async () => {
    clock = new Date('2026-05-03T12:00:00Z');
    const { c, email } = await newCustomer();
    const orderId = await bankCheckout(c);
    expect((await shop.admin.post(`/api/admin/orders/${orderId}/mark-paid`)).json()).toEqual({ paid: true });
    const periodEnd = (await order(orderId)).currentPeriodEnd!.toISOString();
    await deleteAccount(c, email);
    const before = await order(orderId);
    const paid = await paymentsOf(orderId);

    const res = await shop.admin.post(`/api/admin/orders/${orderId}/record-renewal`, {
      amountCents: 50_000,
      reference: 'SEPA late',
      forPeriodEnd: periodEnd,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: DELETED });
    expect(await order(orderId)).toEqual(before);
    expect(await paymentsOf(orderId)).toEqual(paid);
  });

  it('approving a replacement the customer asked for before leaving answers 409 and gives no panel', async () => {
    clock = new Date('2026-05-04T12:00:00Z');
    const { c, email } = await newCustomer();
    const me = (await c.get('/api/me')).json().user as { id: string };
    const { panelIds } = await insertActiveOrder(db(), me.id, {
      key: shop.t.secrets.panelSecretKey,
      now: clock,
    });
    const reported = await c.post(`/api/me/panels/${panelIds[0]}/replacement-request`, {
      reason: 'cannot_sign_in',
      note: 'It says the password is wrong.',
    });
    const { id } = reported.json() as { id: number };
    await deleteAccount(c, email);
    const stockBefore = await db().select().from(panels).where(eq(panels.status, 'available'));

    const res = await shop.admin.post(`/api/admin/replacements/${id}/replace`);
    expect(res.statusCode).toBe(409);
    expect(await db().select().from(panels).where(eq(panels.status, 'available'))).toEqual(stockBefore);
  });
});
