import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, payments, user } from '../../db/schema';
import { processProviderEvent } from '../../payment-events/process-event';
import { signedInAccount } from '../../testing/accounts';
import { auditEntries } from '../../testing/audit';
import { insertPendingOrder } from '../../testing/orders';
import { pdfText } from '../../testing/pdf-text';
import { TestClient, testAppForSuite } from '../../testing/test-app';
import { TEST_DATABASE_NAME, testConfig } from '../../testing/test-config';
import { publishInvoiceSeller } from './invoice-seller';

/*
 * Invoices and credit notes print the parties copied when the payment was recorded, and the
 * configured tax (docs/decisions/0013-invoices-and-tax.md).
 */
const SELLER = {
  SELLER_LEGAL_NAME: 'PanelHub GmbH',
  SELLER_ADDRESS: 'Torstrasse 1; 10119 Berlin',
  SELLER_COUNTRY: 'DE',
  SELLER_TAX_NUMBER: 'DE811111111',
};
const t = testAppForSuite({ RATE_LIMIT_MULTIPLIER: '10', ...SELLER });
beforeAll(async () => {
  await t.app.ready();
});
const db = () => t.database.db;

const PROFILE = {
  companyName: 'Acme BV',
  address: 'Keizersgracht 1\n1015 CJ Amsterdam',
  country: 'NL',
  taxNumber: 'NL123456789B01',
  invoiceEmail: 'ap@acme.example',
};

async function customer() {
  const c = new TestClient(t.app);
  const email = `b-${randomBytes(4).toString('hex')}@example.com`;
  await c.signUp('Bea Buyer', email, 'password-1');
  await c.signIn(email, 'password-1');
  const [row] = await db().select().from(user).where(eq(user.email, email));
  return { c, id: row!.id, email };
}

async function pay(userId: string, amountCents = 50_000) {
  const { order, sessionId } = await insertPendingOrder(db(), userId, { totalCents: amountCents });
  const chargeId = `ch_${randomBytes(6).toString('hex')}`;
  await processProviderEvent(db(), {
    provider: 'sandbox',
    id: `evt_${randomBytes(8).toString('hex')}`,
    event: { type: 'checkout.completed', orderId: order.id, sessionId, chargeId, amountCents },
  });
  const [payment] = await db().select().from(payments).where(eq(payments.providerChargeId, chargeId));
  return { order, payment: payment!, chargeId };
}

async function refund(chargeId: string, amountCents = 50_000) {
  await processProviderEvent(db(), {
    provider: 'sandbox',
    id: `evt_${randomBytes(8).toString('hex')}`,
    event: { type: 'charge.refunded', chargeId, fullyRefunded: true, amountRefundedCents: amountCents },
  });
}

const invoiceText = async (c: TestClient, paymentId: number) => {
  const res = await c.get(`/api/me/invoices/${paymentId}/pdf`);
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
};

describe(`invoices and credit notes on ${TEST_DATABASE_NAME}`, () => {
  it('saves a valid profile, refuses a bad VAT number field by field, and audits the change', async () => {
    const { c, id } = await customer();
    expect((await c.get('/api/me/billing-profile')).json()).toEqual({
      companyName: '',
      address: '',
      country: '',
      taxNumber: '',
      invoiceEmail: '',
    });
    const bad = await c.put('/api/me/billing-profile', { ...PROFILE, taxNumber: 'NL123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('not a valid VAT number for Netherlands');
    const ok = await c.put('/api/me/billing-profile', { ...PROFILE, taxNumber: 'nl 1234.56789-b01' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(PROFILE);
    expect((await c.get('/api/me/billing-profile')).json()).toEqual(PROFILE);
    const audits = await auditEntries(db(), 'billing_profile.updated');
    expect(audits.filter((a) => a.actorId === id).map((a) => a.details)).toEqual([
      {
        fields: ['companyName', 'address', 'country', 'taxNumber', 'invoiceEmail'],
        workspaceId: expect.any(String),
      },
    ]);
  });

  it('prints buyer and seller; editing the profile later changes only new invoices', async () => {
    const { c, id, email } = await customer();
    await c.put('/api/me/billing-profile', { ...PROFILE, country: 'US', taxNumber: 'EIN 12-3456789' });
    const first = await pay(id);
    const before = await invoiceText(c, first.payment.id);
    for (const part of [
      'PanelHub GmbH',
      'Torstrasse 1',
      '10119 Berlin',
      'Germany',
      'VAT number: DE811111111',
      'Acme BV',
      'Bea Buyer',
      'Keizersgracht 1',
      '1015 CJ Amsterdam',
      'United States',
      'VAT number: EIN123456789',
      email,
    ])
      expect(before).toContain(part);
    // No tax configured: no tax lines.
    expect(before).not.toContain('Net');
    expect(before).not.toContain('Reverse charge');

    await c.put('/api/me/billing-profile', {
      ...PROFILE,
      companyName: 'Renamed Ltd',
      country: 'GB',
      taxNumber: '',
    });
    expect(await invoiceText(c, first.payment.id)).toBe(before);
    const second = await pay(id);
    const after = await invoiceText(c, second.payment.id);
    expect(after).toContain('Renamed Ltd');
    expect(after).toContain('United Kingdom');
    expect(after).not.toContain('Acme BV');
  });

  it("renders a payment recorded before the copies existed as before: brand as seller, today's account, no tax", async () => {
    const { c, id } = await customer();
    await c.put('/api/me/billing-profile', PROFILE);
    const { payment } = await pay(id);
    await db()
      .update(payments)
      .set({ buyerSnapshot: null, sellerSnapshot: null })
      .where(eq(payments.id, payment.id));
    const text = await invoiceText(c, payment.id);
    expect(text).toContain('PanelHub');
    expect(text).toContain('Seattle, WA, United States');
    expect(text).toContain('Bea Buyer');
    expect(text).not.toContain('PanelHub GmbH');
    expect(text).not.toContain('Keizersgracht');
    // No VAT lines ("Net" would match the buyer's Netherlands, today's billing country).
    expect(text).not.toMatch(/VAT \d/);
  });

  it('shows the configured tax inside the price, and reverse charge for an EU business abroad', async () => {
    const { c, id } = await customer();
    await publishInvoiceSeller(db(), testConfig({ ...SELLER, TAX_RATE_PERCENT: '19' }));
    try {
      await c.put('/api/me/billing-profile', { ...PROFILE, country: 'DE', taxNumber: 'DE123456789' });
      const taxed = await invoiceText(c, (await pay(id, 11_900)).payment.id);
      expect(taxed).toContain('Net');
      expect(taxed).toContain('$100');
      expect(taxed).toContain('VAT 19%');
      expect(taxed).toContain('$19');
      expect(taxed).toContain('$119');
      expect(taxed).toContain('Prices include 19% VAT.');
      expect(taxed).not.toContain('Reverse charge');

      await c.put('/api/me/billing-profile', PROFILE);
      const reverse = await invoiceText(c, (await pay(id, 11_900)).payment.id);
      expect(reverse).toContain('VAT 0%');
      expect(reverse).toContain('Reverse charge: VAT to be accounted for by the recipient.');
      expect(reverse).toContain('$119');
      expect(reverse).not.toContain('VAT 19%');
    } finally {
      await publishInvoiceSeller(db(), testConfig(SELLER));
    }
  });

  it('gives refunded payments credit notes CN-0001.. without gaps under concurrency, shown to their owner only', async () => {
    const { c, id } = await customer();
    await c.put('/api/me/billing-profile', PROFILE);
    const paid: Awaited<ReturnType<typeof pay>>[] = [];
    for (let i = 0; i < 20; i++) paid.push(await pay(id));
    const failing = await pay(id);
    await Promise.all([
      ...paid.map((p) => refund(p.chargeId)),
      // The same refunds again: a payment has one credit note.
      ...paid.slice(0, 5).map((p) => refund(p.chargeId)),
      // Refunds whose transaction fails after the credit note was written take no number.
      ...Array.from({ length: 5 }, () =>
        db()
          .transaction(async (tx) => {
            await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, failing.payment.id));
            throw new Error('crash after the credit note was written');
          })
          .catch(() => {}),
      ),
    ]);
    const notes = await db().select().from(creditNotes);
    expect(notes.map((n) => n.number ?? 0).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(notes.some((n) => n.paymentId === failing.payment.id)).toBe(false);

    const history = (await c.get('/api/me/billing')).json().history as {
      id: number;
      invoice: string;
      creditNote: { id: number; label: string } | null;
    }[];
    const row = history.find((h) => h.id === paid[0]!.payment.id)!;
    const note = notes.find((n) => n.paymentId === paid[0]!.payment.id)!;
    expect(row.creditNote).toEqual({ id: note.id, label: `CN-${String(note.number).padStart(4, '0')}` });

    const res = await c.get(`/api/me/credit-notes/${note.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${row.creditNote!.label}.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const part of [
      `Credit note ${row.creditNote!.label}`,
      `Credits invoice: ${row.invoice}`,
      'PanelHub GmbH',
      'VAT number: DE811111111',
      'Acme BV',
      'VAT number: NL123456789B01',
      '-$500',
    ])
      expect(text).toContain(part);

    const other = await customer();
    expect((await other.c.get(`/api/me/credit-notes/${note.id}/pdf`)).statusCode).toBe(404);
    expect((await other.c.get(`/api/me/invoices/${paid[0]!.payment.id}/pdf`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/api/me/credit-notes/${note.id}/pdf`)).statusCode).toBe(401);
    // Customers never reach the admin's copy; the admin finds it on the order's detail.
    expect((await c.get(`/api/admin/credit-notes/${note.id}/pdf`)).statusCode).toBe(403);
    const { client: admin } = await signedInAccount(t.app, db(), {
      email: 'admin@example.com',
      role: 'admin',
    });
    const detail = (await admin.get(`/api/admin/orders/${paid[0]!.order.id}`)).json();
    expect(detail.payments[0].creditNote).toEqual(row.creditNote);
    const adminPdf = await admin.get(`/api/admin/credit-notes/${note.id}/pdf`);
    expect(adminPdf.statusCode).toBe(200);
    expect(pdfText(adminPdf.rawPayload)).toBe(text);
  });

  it('sends the purchase receipt to the account and the invoice, as a PDF, to the invoice e-mail', async () => {
    const { c, id, email } = await customer();
    await c.put('/api/me/billing-profile', PROFILE);
    const { order, sessionId } = await insertPendingOrder(db(), id);
    expect((await c.post(`/api/sandbox/sessions/${sessionId}/pay`)).statusCode).toBe(200);
    await t.drainOutbox();
    expect(t.mailer.sent.filter((m) => m.subject === `Order ${order.id} confirmed`).map((m) => m.to)).toEqual(
      [email],
    );
    const invoice = t.mailer.sent.find(
      (m) => m.to === PROFILE.invoiceEmail && m.subject.endsWith(`order ${order.id}`),
    );
    expect(invoice?.subject).toMatch(/^Invoice INV-\d{4} for order \d+$/);
    expect(pdfText(invoice!.attachments![0]!.content)).toContain('Acme BV');

    // No invoice e-mail: the account alone.
    await c.put('/api/me/billing-profile', { ...PROFILE, invoiceEmail: '' });
    const again = await insertPendingOrder(db(), id);
    await c.post(`/api/sandbox/sessions/${again.sessionId}/pay`);
    await t.drainOutbox();
    expect(t.mailer.sent.filter((m) => m.subject.includes(`${again.order.id}`)).map((m) => m.to)).toEqual([
      email,
    ]);
  });
});
