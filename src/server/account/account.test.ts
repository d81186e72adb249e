import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, user, userProfiles } from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(name: string, email: string) {
  const c = new TestClient(t.app);
  await c.signUp(name, email, 'password-1');
  await c.signIn(email, 'password-1');
  return c;
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
      country: 'United States',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'Ivy Chen',
      companyName: 'Acme, Inc.',
      memberSince: before.memberSince,
    });
    expect((await c.get('/api/me')).json().user.name).toBe('Ivy Chen');
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
  it('starts from the spec defaults and saves per user', async () => {
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
    const me = (await c.get('/api/me')).json().user as { id: string };
    const [order] = await t.database.db
      .insert(orders)
      .values({
        userId: me.id,
        planId: 'basic',
        quantity: 1,
        totalCents: 50_000,
        status: 'completed',
        paymentMethod: 'card',
        provider: 'sandbox',
        subscriptionStatus: 'active',
      })
      .returning();
    await t.database.db.insert(payments).values({
      orderId: order!.id,
      userId: me.id,
      amountCents: 50_000,
      status: 'completed',
      method: 'sandbox',
      provider: 'sandbox',
    });

    const wrong = await c.post('/api/me/delete', { confirmEmail: 'someone@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect((await c.post('/api/me/delete', { confirmEmail: 'MAX@example.com' })).statusCode).toBe(204);
    expect((await c.get('/api/me')).json().user).toBeNull();
    expect((await c.signIn('max@example.com', 'password-1')).statusCode).toBe(401);

    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({ userId: null, subscriptionStatus: 'canceled', totalCents: 50_000 });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment).toMatchObject({ userId: null, amountCents: 50_000 });
  });
});
