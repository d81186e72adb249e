import { describe, expect, it } from 'vitest';
import type { MyInvoice, MyOrder } from '../../lib/api/my-orders-api';
import { cancelReasonLine, INVOICES_PER_ROW, orderNextStep, statusDateText } from './order-view';

// Midday UTC: the same calendar day in every time zone from UTC-11 to UTC+11.
const DAY = '2026-03-03T12:00:00.000Z';
const LATER = '2026-03-09T12:00:00.000Z';

const invoice = (id: number): MyInvoice => ({
  id,
  invoice: `INV-${String(id).padStart(4, '0')}`,
  date: DAY,
  amountCents: 50_000,
  status: 'completed',
  pdfPath: `/api/me/invoices/${id}/pdf`,
});

const order = (over: Partial<MyOrder> = {}): MyOrder => ({
  id: 12,
  planId: 'basic',
  planName: 'Basic',
  additionalPanels: 0,
  quantity: 1,
  totalCents: 50_000,
  status: 'pending_payment',
  paymentMethod: 'card',
  createdAt: DAY,
  paidAt: null,
  completedAt: null,
  canceledAt: null,
  refundedAt: null,
  cancelReason: null,
  delivered: 0,
  instructionsPath: null,
  resumeCheckout: false,
  invoices: [],
  ...over,
});

describe('statusDateText', () => {
  it("dates each status's step, and nothing while the order waits for payment", () => {
    expect(statusDateText(order())).toBeNull();
    expect(statusDateText(order({ status: 'paid', paidAt: DAY }))).toBe('Paid Mar 3, 2026');
    expect(statusDateText(order({ status: 'completed', paidAt: DAY, completedAt: LATER }))).toBe(
      'Delivered Mar 9, 2026',
    );
    expect(statusDateText(order({ status: 'canceled', canceledAt: LATER }))).toBe('Canceled Mar 9, 2026');
    expect(statusDateText(order({ status: 'refunded', paidAt: DAY, refundedAt: LATER }))).toBe(
      'Refunded Mar 9, 2026',
    );
    expect(statusDateText(order({ status: 'canceled' }))).toBeNull();
  });
});

describe('orderNextStep', () => {
  it('leads a pending manual order to its instructions and a pending card order to its checkout', () => {
    expect(orderNextStep(order({ instructionsPath: '/checkout/manual/12' }))).toEqual({
      kind: 'instructions',
      path: '/checkout/manual/12',
    });
    expect(orderNextStep(order({ resumeCheckout: true }))).toEqual({ kind: 'resume' });
  });

  it('leads a paid order to its newest invoices, counting the rest', () => {
    const one = orderNextStep(order({ status: 'completed', invoices: [invoice(3)] }));
    expect(one).toEqual({ kind: 'invoices', shown: [invoice(3)], more: 0 });
    const many = orderNextStep(order({ status: 'completed', invoices: [5, 4, 3, 2].map(invoice) }));
    expect(many).toEqual({ kind: 'invoices', shown: [invoice(5), invoice(4)], more: 2 });
    expect(INVOICES_PER_ROW).toBe(2);
  });

  it('leads a canceled order nowhere', () => {
    expect(orderNextStep(order({ status: 'canceled' }))).toEqual({ kind: 'none' });
  });
});

describe('cancelReasonLine', () => {
  it("says why a canceled order ended, in the customer's words, and nothing for other orders", () => {
    expect(
      cancelReasonLine(
        order({ status: 'canceled', canceledAt: LATER, cancelReason: 'payment_not_received' }),
      ),
    ).toBe('We did not receive the payment in time.');
    expect(cancelReasonLine(order({ status: 'canceled', cancelReason: 'canceled_by_customer' }))).toBe(
      'You canceled it.',
    );
    // Orders canceled before the reason was kept have none.
    expect(cancelReasonLine(order({ status: 'canceled', cancelReason: null }))).toBeNull();
    expect(cancelReasonLine(order({ status: 'pending_payment' }))).toBeNull();
  });
});
