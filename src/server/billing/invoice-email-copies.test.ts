import { describe, expect, it } from 'vitest';
import { customerSeries } from '../testing/accounts';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { manualRenewalShopForSuite } from './test-kit';

/*
 * The invoice e-mail of a billing profile gets a copy of every invoice-related message, the
 * account e-mail still gets its own (docs/decisions/0013-invoices-and-tax.md): here the
 * manual renewal cycle's invoice and receipt.
 */
let clock = new Date('2026-03-01T12:00:00Z');
const shop = manualRenewalShopForSuite(5, () => clock);

const newCustomer = customerSeries(() => shop.t.app, 'copies');
const subjectsTo = async (email: string) => {
  await shop.t.drainOutbox();
  return shop.t.mailer.sent.filter((m) => m.to === email).map((m) => m.subject);
};

describe(`invoice e-mail copies on ${TEST_DATABASE_NAME}`, () => {
  it('sends renewal invoices and receipts to the account and to the invoice e-mail', async () => {
    const { c, email } = await newCustomer();
    const ap = 'ap@copies.example';
    expect(
      (
        await c.put('/api/me/billing-profile', {
          companyName: 'Copies Inc',
          address: '',
          country: 'US',
          taxNumber: '',
          invoiceEmail: ap,
        })
      ).statusCode,
    ).toBe(200);
    const { orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' })
    ).json() as { orderId: number };
    expect((await shop.admin.post(`/api/admin/orders/${orderId}/mark-paid`)).json()).toEqual({ paid: true });
    const confirmed = `Order ${orderId} confirmed`;
    expect(await subjectsTo(email)).toContain(confirmed);
    expect(await subjectsTo(ap)).toEqual([confirmed]);

    clock = new Date('2026-03-25T12:00:00Z');
    await shop.runner.run();
    const invoice = `Renewal invoice for order ${orderId}: $500 due 2026-04-01`;
    expect(await subjectsTo(email)).toContain(invoice);
    expect(await subjectsTo(ap)).toEqual([confirmed, invoice]);

    clock = new Date('2026-03-28T09:00:00Z');
    const recorded = await shop.admin.post(`/api/admin/orders/${orderId}/record-renewal`, {
      amountCents: 50_000,
      forPeriodEnd: '2026-04-01T12:00:00.000Z',
    });
    expect(recorded.statusCode).toBe(200);
    const received = `Renewal received: order ${orderId}`;
    expect(await subjectsTo(email)).toContain(received);
    expect(await subjectsTo(ap)).toEqual([confirmed, invoice, received]);
  });
});
