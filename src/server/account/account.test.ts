import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUserRole } from '../auth/users';
import { orders, panels, payments, user, userProfiles } from '../db/schema';
import { fillWaitingOrders } from '../provisioning/fulfillment';
import { signedUpClient } from '../testing/accounts';
import { auditEntries } from '../testing/audit';
import { addStock } from '../testing/inventory';
import { insertOrder } from '../testing/orders';
import { pdfText } from '../testing/pdf-text';
import { TestClient, testAppForSuite } from '../testing/test-app';

const t = testAppForSuite();

const signedIn = (name: string, email: string) => signedUpClient(t.app, name, email);
const idOf = async (c: TestClient) => ((await c.get('/api/me')).json().user as { id: string }).id;

/** A completed $500 card order of the user, paid through the sandbox: the order and its payment. */
async function insertPaidCardOrder(userId: string, extra: { subscriptionStatus?: 'active' } = {}) {
  const order = await insertOrder(t.database.db, { userId, status: 'completed', ...extra });
  const [payment] = await t.database.db
    .insert(payments)
    .values({
      orderId: order.id,
      userId,
      amountCents: 50_000,
      status: 'completed',
      method: 'sandbox',
      provider: 'sandbox',
    })
    .returning();
  return { order, payment: payment! };
}

describe('profile', () => {
  it('reads and updates the profile; e-mail and member-since are read-only', async () => {
    const c = await signedIn('Ivy', 'ivy@example.com');
    const before = (await c.get('/api/me/profile')).json();
    expect(before).toMatchObject({
      fullName: 'Ivy',
      companyName: '',
      phone: '',
      country: '',
      email: 'ivy@example.com',
    });
    const res = await c.put('/api/me/profile', {
      fullName: 'Ivy Chen',
      companyName: 'Acme, Inc.',
      phone: '+1 206 555 0100',
      country: 'us',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'Ivy Chen',
      companyName: 'Acme, Inc.',
      country: 'US',
      memberSince: before.memberSince,
    });
    expect((await c.get('/api/me')).json().user.name).toBe('Ivy Chen');
  });

  it('keeps company and country in one place: the billing details, which the invoice prints', async () => {
    const c = await signedIn('Una', 'una@example.com');
    const profile = { fullName: 'Una', companyName: 'Una GmbH', phone: '', country: 'DE' };
    expect((await c.put('/api/me/profile', profile)).statusCode).toBe(200);
    expect((await c.get('/api/me/billing-profile')).json()).toMatchObject({
      companyName: 'Una GmbH',
      country: 'DE',
    });
    const billing = (await c.get('/api/me/billing-profile')).json();
    await c.put('/api/me/billing-profile', {
      ...billing,
      companyName: 'Una AG',
      country: 'AT',
      taxNumber: 'ATU12345678',
    });
    expect((await c.get('/api/me/profile')).json()).toMatchObject({ companyName: 'Una AG', country: 'AT' });
    // A country the VAT number does not belong to is refused from the profile too.
    const mismatch = await c.put('/api/me/profile', { ...profile, companyName: 'Una AG', country: 'FR' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toContain('VAT number');
    // A country is one of the list, as the invoice names it.
    expect((await c.put('/api/me/profile', { ...profile, country: 'Germany' })).statusCode).toBe(400);

    const { payment } = await insertPaidCardOrder(await idOf(c));
    const text = pdfText((await c.get(`/api/me/invoices/${payment.id}/pdf`)).rawPayload);
    expect(text).toContain('Una AG');
    expect(text).toContain('Austria');
  });

  it('rejects bad input with a 400 and changes nothing', async () => {
    const c = await signedIn('Jo', 'jo@example.com');
    const valid = { fullName: 'Jo', companyName: '', phone: '', country: '' };
    const bad = [
      { ...valid, fullName: 'x'.repeat(10_240) },
      { ...valid, phone: '555\u0000' },
      { ...valid, email: 'hijack@example.com' },
      { ...valid, fullName: '' },
      { fullName: 'Jo' },
    ];
    for (const body of bad) {
      const res = await c.put('/api/me/profile', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'jo@example.com'));
    expect(row?.name).toBe('Jo');
    expect(await t.database.db.select().from(userProfiles).where(eq(userProfiles.id, row!.id))).toHaveLength(
      0,
    );
  });

  it('needs a session', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/me/profile')).statusCode).toBe(401);
    expect(
      (await anon.put('/api/me/profile', { fullName: 'x', companyName: '', phone: '', country: '' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('settings', () => {
  it('starts from the documented defaults and saves per user', async () => {
    const c = await signedIn('Kim', 'kim@example.com');
    expect((await c.get('/api/me/settings')).json()).toEqual({
      emailNotifications: true,
      marketingEmails: false,
      orderUpdates: true,
      sessionTimeout: true,
    });
    const next = {
      emailNotifications: false,
      marketingEmails: true,
      orderUpdates: true,
      sessionTimeout: false,
    };
    expect((await c.put('/api/me/settings', next)).json()).toEqual(next);
    expect((await c.get('/api/me/settings')).json()).toEqual(next);
    const other = await signedIn('Lee', 'lee@example.com');
    expect((await other.get('/api/me/settings')).json().marketingEmails).toBe(false);
    expect((await c.put('/api/me/settings', { ...next, extra: 1 })).statusCode).toBe(400);
  });
});

describe('delete account', () => {
  it('needs the exact e-mail, then deletes the user and keeps orders and payments anonymised', async () => {
    const c = await signedIn('Max', 'max@example.com');
    const { order } = await insertPaidCardOrder(await idOf(c), { subscriptionStatus: 'active' });

    const wrong = await c.post('/api/me/delete', { confirmEmail: 'someone@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect((await c.post('/api/me/delete', { confirmEmail: 'MAX@example.com' })).statusCode).toBe(204);
    expect((await c.get('/api/me')).json().user).toBeNull();
    expect((await c.signIn('max@example.com', 'password-1')).statusCode).toBe(401);

    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: null, subscriptionStatus: 'canceled', totalCents: 50_000 });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ userId: null, amountCents: 50_000 });
  });

  it('cancels paid orders still waiting for stock: refunded at the provider, or flagged for a refund by hand', async () => {
    const c = await signedIn('Noor', 'noor@example.com');
    const me = (await c.get('/api/me')).json().user as { id: string };
    const db = t.database.db;
    const paidAt = new Date(Date.now() - 3_600_000);
    const waitingOrder = (provider: 'sandbox' | 'manual', quantity: number, at: Date) => ({
      userId: me.id,
      planId: 'basic',
      quantity,
      totalCents: 50_000,
      status: 'paid' as const,
      paymentMethod: provider === 'sandbox' ? 'card' : 'bank_transfer',
      provider,
      subscriptionStatus: 'active' as const,
      paidAt: at,
      currentPeriodStart: at,
      currentPeriodEnd: new Date(at.getTime() + 30 * 86_400_000),
    });
    const [card] = await db
      .insert(orders)
      .values(waitingOrder('sandbox', 3, paidAt))
      .returning();
    const [bank] = await db
      .insert(orders)
      .values(waitingOrder('manual', 1, new Date(paidAt.getTime() + 1000)))
      .returning();
    await db.insert(payments).values([
      {
        orderId: card!.id,
        userId: me.id,
        amountCents: 50_000,
        status: 'completed',
        method: 'sandbox',
        provider: 'sandbox',
        providerChargeId: `cs_sandbox_waiting_${card!.id}`,
      },
      {
        orderId: bank!.id,
        userId: me.id,
        amountCents: 50_000,
        status: 'completed',
        method: 'bank_transfer',
        provider: 'manual',
        providerChargeId: `manual_${bank!.id}`,
      },
    ]);
    // One panel of three delivered, then the stock ran out.
    await addStock(db, 1);
    await fillWaitingOrders(db);
    const panelsOf = (orderId: number) => db.select().from(panels).where(eq(panels.orderId, orderId));
    expect(await panelsOf(card!.id)).toHaveLength(1);

    expect((await c.post('/api/me/delete', { confirmEmail: 'noor@example.com' })).statusCode).toBe(204);

    expect((await db.select().from(orders).where(eq(orders.id, card!.id)))[0]).toMatchObject({
      userId: null,
      status: 'refunded',
    });
    expect((await db.select().from(payments).where(eq(payments.orderId, card!.id)))[0]?.status).toBe(
      'refunded',
    );
    expect((await panelsOf(card!.id)).map((p) => p.status)).toEqual(['retired']);
    // No provider can send a bank transfer back: the order is canceled, the money is still ours.
    expect((await db.select().from(orders).where(eq(orders.id, bank!.id)))[0]?.status).toBe('canceled');
    expect((await db.select().from(payments).where(eq(payments.orderId, bank!.id)))[0]?.status).toBe(
      'completed',
    );
    const [flag] = await auditEntries(db, 'order.canceled', bank!.id);
    expect(flag?.details).toMatchObject({ reason: 'account_deleted', refund: 'by_hand', paidCents: 50_000 });

    // Restocking gives nothing to either canceled order.
    await addStock(db, 5);
    const filled = await fillWaitingOrders(db);
    expect(filled.map((f) => f.orderId)).not.toContain(card!.id);
    expect(filled.map((f) => f.orderId)).not.toContain(bank!.id);
    expect(await panelsOf(card!.id)).toHaveLength(1);
    expect(await panelsOf(bank!.id)).toHaveLength(0);

    await t.drainOutbox();
    const mail = t.mailer.lastTo('noor@example.com');
    expect(mail?.subject).toBe('Your account has been deleted');
    expect(mail?.text).toContain(
      `Order ${card!.id} was still waiting for panels, so we canceled it and refunded $500.`,
    );
    expect(mail?.text).toContain(`Order ${bank!.id} was still waiting for panels, so we canceled it.`);
    expect(mail?.text).toContain('write to support@panelhub.example with where to send the $500.');
  });

  it('refuses to delete the last admin with a 409; with a second admin, one can leave', async () => {
    const db = t.database.db;
    expect(await db.select().from(user).where(eq(user.role, 'admin'))).toHaveLength(0);
    const ada = await signedIn('Ada', 'ada@example.com');
    const adaId = await idOf(ada);
    await setUserRole(db, adaId, 'admin');

    const refused = await ada.post('/api/me/delete', { confirmEmail: 'ada@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: { code: 'last_admin', message: 'This is the last admin; make another user admin first.' },
    });
    expect(await db.select().from(user).where(eq(user.id, adaId))).toHaveLength(1);
    expect((await ada.get('/api/me')).json().user).not.toBeNull();

    const bea = await signedIn('Bea', 'bea@example.com');
    const beaId = await idOf(bea);
    await setUserRole(db, beaId, 'admin');
    expect((await ada.post('/api/me/delete', { confirmEmail: 'ada@example.com' })).statusCode).toBe(204);
    expect(await db.select().from(user).where(eq(user.id, adaId))).toHaveLength(0);
    // Now Bea is the last one.
    expect((await bea.post('/api/me/delete', { confirmEmail: 'bea@example.com' })).statusCode).toBe(409);
  });
});
