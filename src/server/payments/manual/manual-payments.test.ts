import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { addStock } from '../../testing/inventory';
import { createTestApp, type TestApp, TestClient } from '../../testing/test-app';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * Bank transfer and crypto must not dead-end (D6): the details are configuration, shown to
 * the order's owner and e-mailed with the amount and the reference; a method without
 * details is not offered at all; the customer can cancel an order they will not pay.
 */

const BANK = {
  BANK_ACCOUNT_NAME: 'Panel Shop LLC',
  BANK_ACCOUNT_NUMBER: 'DE89 3704 0044 0532 0130 00',
  BANK_ROUTING: 'COBADEFFXXX',
  BANK_NAME: 'Commerzbank',
};
const WALLETS =
  'BTC:Bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq,USDC:Ethereum:0x52908400098527886E0F7030069857D2E4169EE7';
const CREATED = new Date('2026-03-01T12:00:00Z');
const database = TEST_DATABASE_NAME;

let n = 0;
async function customer(t: TestApp) {
  const c = new TestClient(t.app);
  const email = `manual${++n}@example.com`;
  await c.signUp(`Manual ${n}`, email, 'password-1');
  await c.signIn(email, 'password-1');
  return { c, email };
}

const checkout = (c: TestClient, method: string, additionalPanels = 0) =>
  c.post('/api/checkout', { planId: 'basic', additionalPanels, method });

describe(`manual payment methods on ${database}`, () => {
  it('offers and takes no manual method whose details are not configured', async () => {
    const t = await createTestApp({ DEMO_MODE: 'off', RATE_LIMIT_MULTIPLIER: '10' });
    try {
      const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json();
      expect(site.paymentMethods).toEqual(['card']);
      const { c } = await customer(t);
      for (const method of ['bank_transfer', 'crypto']) {
        const res = await checkout(c, method);
        expect(res.statusCode, method).toBe(400);
        expect(res.json().error.code).toBe('method_unavailable');
      }
      expect(await t.database.db.select().from(orders)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('offers bank transfer alone when only the bank is configured', async () => {
    const t = await createTestApp({ DEMO_MODE: 'off', RATE_LIMIT_MULTIPLIER: '10', ...BANK });
    try {
      const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json();
      expect(site.paymentMethods).toEqual(['card', 'bank_transfer']);
      const { c } = await customer(t);
      expect((await checkout(c, 'crypto')).json().error.code).toBe('method_unavailable');
      expect((await checkout(c, 'bank_transfer')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe(`payment instructions on ${database}`, () => {
  let t: TestApp;
  let clock = CREATED;
  beforeAll(async () => {
    t = await createTestApp(
      { DEMO_MODE: 'off', RATE_LIMIT_MULTIPLIER: '10', ...BANK, CRYPTO_WALLETS: WALLETS },
      { clock: () => clock },
    );
    await t.app.ready();
    await addStock(t.database.db, 10);
  });
  afterAll(() => t.close());

  it('serves the bank details, amount, reference and pay-by date to the owner alone', async () => {
    clock = CREATED;
    const { c, email } = await customer(t);
    const { orderId } = (await checkout(c, 'bank_transfer', 2)).json() as { orderId: number };
    const res = await c.get(`/api/orders/${orderId}/payment-instructions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      orderId,
      method: 'bank_transfer',
      status: 'pending_payment',
      cancelReason: null,
      canceledAt: null,
      planName: 'Basic',
      quantity: 3,
      due: {
        kind: 'first_payment',
        amountCents: 140_000,
        reference: `Order ${orderId}`,
        dueAt: '2026-03-08T12:00:00.000Z',
      },
      bank: {
        accountName: 'Panel Shop LLC',
        accountNumber: 'DE89 3704 0044 0532 0130 00',
        routing: 'COBADEFFXXX',
        bankName: 'Commerzbank',
      },
      wallets: [],
      example: false,
      cancelable: true,
    });

    // Another customer's order does not exist for them; nobody signed out gets anything.
    const { c: other } = await customer(t);
    expect((await other.get(`/api/orders/${orderId}/payment-instructions`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/api/orders/${orderId}/payment-instructions`)).statusCode).toBe(
      401,
    );

    // The e-mail carries the same facts.
    await t.drainOutbox();
    const mail = t.mailer.lastTo(email);
    expect(mail?.subject).toBe(`Payment instructions for order ${orderId}`);
    for (const fact of [
      'Amount: $1,400 (USD)',
      `Reference: order ${orderId}`,
      'Account name: Panel Shop LLC',
      'IBAN / account number: DE89 3704 0044 0532 0130 00',
      'SWIFT / routing: COBADEFFXXX',
      'Bank: Commerzbank',
      'Please pay by 2026-03-08',
      `/checkout/manual/${orderId}`,
    ]) {
      expect(mail?.text, fact).toContain(fact);
    }
    expect(mail?.text).not.toMatch(/example details/i);
  });

  it('serves the wallets of a crypto order, and no instructions for a card order', async () => {
    clock = CREATED;
    const { c, email } = await customer(t);
    const { orderId } = (await checkout(c, 'crypto')).json() as { orderId: number };
    const body = (await c.get(`/api/orders/${orderId}/payment-instructions`)).json();
    expect(body.bank).toBeNull();
    expect(body.wallets).toEqual([
      { currency: 'BTC', network: 'Bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      { currency: 'USDC', network: 'Ethereum', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    ]);
    await t.drainOutbox();
    const text = t.mailer.lastTo(email)?.text ?? '';
    expect(text).toContain('BTC on Bitcoin: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(text).toContain('USDC on Ethereum: 0x52908400098527886E0F7030069857D2E4169EE7');
    expect(text).toContain('Send the equivalent of $500 (USD)');

    const card = (await checkout(c, 'card')).json() as { orderId: number };
    const res = await c.get(`/api/orders/${card.orderId}/payment-instructions`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('not_manual');
  });

  it('lets the customer cancel an unpaid order; the reason is kept and nothing is due any more', async () => {
    clock = CREATED;
    const { c } = await customer(t);
    const { orderId } = (await checkout(c, 'bank_transfer')).json() as { orderId: number };
    clock = new Date('2026-03-02T09:00:00Z');
    expect((await c.post(`/api/orders/${orderId}/abandon`)).json()).toEqual({ status: 'canceled' });
    expect((await c.get(`/api/orders/${orderId}/payment-instructions`)).json()).toMatchObject({
      status: 'canceled',
      cancelReason: 'canceled_by_customer',
      canceledAt: '2026-03-02T09:00:00.000Z',
      due: null,
      bank: null,
      wallets: [],
      cancelable: false,
    });
    const listed = (await c.get('/api/me/orders'))
      .json()
      .orders.find((o: { id: number }) => o.id === orderId);
    expect(listed).toMatchObject({
      status: 'canceled',
      cancelReason: 'canceled_by_customer',
      instructionsPath: null,
    });
    // A second press changes nothing.
    expect((await c.post(`/api/orders/${orderId}/abandon`)).json()).toEqual({ status: 'canceled' });
  });
});

describe(`demo mode on ${database}`, () => {
  it('offers both methods with example details, labelled as such', async () => {
    const t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
    try {
      await t.app.ready();
      const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json();
      expect(site.paymentMethods).toEqual(['card', 'bank_transfer', 'crypto']);
      const { c, email } = await customer(t);
      const { orderId } = (await checkout(c, 'bank_transfer')).json() as { orderId: number };
      const body = (await c.get(`/api/orders/${orderId}/payment-instructions`)).json();
      expect(body.example).toBe(true);
      expect(body.bank.accountName).toMatch(/example/i);
      await t.drainOutbox();
      expect(t.mailer.lastTo(email)?.text).toContain(
        'These are example details for the demo: they are not a real account, do not send money to them.',
      );
    } finally {
      await t.close();
    }
  });
});
