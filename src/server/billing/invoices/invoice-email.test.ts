import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import type { EmailMessage } from '../../mail/send-email';
import { customerSeries } from '../../testing/accounts';
import { manualRenewalShopForSuite } from '../../testing/manual-renewal-shop';
import { pdfText } from '../../testing/pdf-text';
import { TEST_DATABASE_NAME } from '../../testing/test-config';

/*
 * The invoice e-mail of the billing details gets every invoice and credit note with its number
 * in the subject and the PDF attached, and no link it would have to sign in for; the account
 * e-mail keeps its receipts (docs/decisions/0013-invoices-and-tax.md). Here over the manual
 * cycle: the first payment, a recorded renewal, then a refund.
 */
let clock = new Date('2026-03-01T12:00:00Z');
const shop = manualRenewalShopForSuite(5, () => clock);

const newCustomer = customerSeries(() => shop.t.app, 'invoicemail');
const mailTo = async (email: string): Promise<EmailMessage[]> => {
  await shop.t.drainOutbox();
  return shop.t.mailer.sent.filter((m) => m.to === email);
};
const LABEL = /^(INV|CN)-\d{4}$/;

/** The one PDF attached to a message, as text. */
function attachedPdf(message: EmailMessage | undefined): { filename: string; text: string } {
  expect(message?.attachments).toHaveLength(1);
  const [file] = message!.attachments!;
  expect(file!.contentType).toBe('application/pdf');
  return { filename: file!.filename, text: pdfText(file!.content) };
}

describe(`the invoice e-mail on ${TEST_DATABASE_NAME}`, () => {
  it('receives each invoice and credit note with its number in the subject and the PDF attached', async () => {
    const { c, email } = await newCustomer();
    const ap = 'ap@invoicemail.example';
    const saved = await c.put('/api/me/billing-profile', {
      companyName: 'Copies Inc',
      address: '',
      country: 'US',
      taxNumber: '',
      invoiceEmail: ap,
    });
    expect(saved.statusCode).toBe(200);
    const { orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' })
    ).json() as { orderId: number };
    expect((await shop.admin.post(`/api/admin/orders/${orderId}/mark-paid`)).json()).toEqual({ paid: true });

    // The account gets its receipt; the invoice e-mail the invoice alone.
    expect((await mailTo(email)).map((m) => m.subject)).toContain(`Order ${orderId} confirmed`);
    const [first, ...more] = await mailTo(ap);
    expect(more).toEqual([]);
    const invoice = /^Invoice (INV-\d{4}) for order (\d+)$/.exec(first?.subject ?? '');
    expect(invoice?.[2]).toBe(String(orderId));
    const label = invoice![1]!;
    expect(attachedPdf(first)).toMatchObject({ filename: `${label}.pdf` });
    expect(attachedPdf(first).text).toContain(`Invoice ${label}`);
    expect(attachedPdf(first).text).toContain('Copies Inc');
    // It may belong to no account: nothing in it needs one.
    expect(`${first!.text}${first!.html}`).not.toMatch(/https?:\/\//);
    expect(first!.text).toContain(`Attached is invoice ${label} for order ${orderId}: $500, paid.`);

    // The renewal's payment is a new invoice.
    clock = new Date('2026-03-28T09:00:00Z');
    const recorded = await shop.admin.post(`/api/admin/orders/${orderId}/record-renewal`, {
      amountCents: 50_000,
      forPeriodEnd: '2026-04-01T12:00:00.000Z',
    });
    expect(recorded.statusCode).toBe(200);
    const renewal = (recorded.json() as { invoice: string }).invoice;
    expect(renewal).toMatch(LABEL);
    const second = (await mailTo(ap)).at(-1);
    expect(second?.subject).toBe(`Invoice ${renewal} for order ${orderId}`);
    expect(attachedPdf(second).text).toContain(`Invoice ${renewal}`);

    // A refund's credit note, for a second order still inside the refund window.
    const { orderId: refunded } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' })
    ).json() as { orderId: number };
    await shop.admin.post(`/api/admin/orders/${refunded}/mark-paid`);
    const asked = await c.post(`/api/me/orders/${refunded}/refund-request`, {
      reason: 'Testing credit notes.',
    });
    expect(asked.statusCode).toBe(200);
    const approved = await shop.admin.post(
      `/api/admin/refunds/${(asked.json() as { id: number }).id}/approve`,
    );
    expect(approved.statusCode).toBe(200);
    const notes = (await mailTo(ap)).filter((m) => m.subject.startsWith('Credit note'));
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      const [, cn, credited] = /^Credit note (CN-\d{4}) for invoice (INV-\d{4})$/.exec(note.subject) ?? [];
      expect(cn).toMatch(LABEL);
      const { filename, text } = attachedPdf(note);
      expect(filename).toBe(`${cn}.pdf`);
      expect(text).toContain(`Credit note ${cn}`);
      expect(text).toContain(`Credits invoice: ${credited}`);
    }
  });

  it('renders the PDF when it sends, from the stored rows: the queued message names the document only', async () => {
    const { c } = await newCustomer();
    await c.put('/api/me/billing-profile', {
      companyName: '',
      address: '',
      country: '',
      taxNumber: '',
      invoiceEmail: 'small@invoicemail.example',
    });
    const { orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' })
    ).json() as { orderId: number };
    await shop.admin.post(`/api/admin/orders/${orderId}/mark-paid`);
    const rows = await shop.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'document_email'));
    const row = rows.find((r) => r.payload.to === 'small@invoicemail.example');
    expect(row?.payload).toEqual({
      to: 'small@invoicemail.example',
      document: { kind: 'invoice', id: expect.any(Number) },
    });
  });

  it('sends nothing extra without an invoice e-mail', async () => {
    const { c, email } = await newCustomer();
    const before = shop.t.mailer.sent.length;
    const { orderId } = (
      await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' })
    ).json() as { orderId: number };
    await shop.admin.post(`/api/admin/orders/${orderId}/mark-paid`);
    await shop.t.drainOutbox();
    const sent = shop.t.mailer.sent.slice(before);
    expect(sent.filter((m) => m.attachments)).toEqual([]);
    expect(sent.filter((m) => m.to !== email && !m.to.startsWith('admin'))).toEqual([]);
  });
});
