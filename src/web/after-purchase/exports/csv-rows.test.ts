import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_ORDERS_COLUMNS,
  DASHBOARD_PANELS_COLUMNS,
  encodeCsv,
  PURCHASE_HISTORY_COLUMNS,
} from '../../../domain/csv';
import type { MyOrder } from '../../lib/api/my-orders-api';
import type { PaymentRecord } from '../api/billing-api';
import type { ActivePanel } from '../api/dashboard-api';
import { orderCsvRows, panelCsvRows, purchaseHistoryCsvRows } from './csv-rows';

// Midday UTC: the same calendar day in every time zone from UTC-11 to UTC+11.
const DAY = '2026-03-03T12:00:00.000Z';

const panel = (over: Partial<ActivePanel> = {}): ActivePanel => ({
  id: 7,
  orderId: 3,
  email: 'admin0007@panels.example',
  purchaseDate: DAY,
  status: 'active',
  domains: 699,
  currentMailboxes: 12,
  maxMailboxes: 2000,
  replacementsUsed: 0,
  cancelAtPeriodEnd: false,
  renewsAt: '2026-04-03T12:00:00.000Z',
  endsAt: null,
  resumable: false,
  ...over,
});

const order = (over: Partial<MyOrder> = {}): MyOrder => ({
  id: 12,
  planId: 'pro',
  planName: 'Pro',
  additionalPanels: 3,
  quantity: 8,
  totalCents: 290_000,
  status: 'completed',
  paymentMethod: 'card',
  createdAt: DAY,
  paidAt: DAY,
  completedAt: DAY,
  canceledAt: null,
  refundedAt: null,
  cancelReason: null,
  delivered: 8,
  instructionsPath: null,
  resumeCheckout: false,
  invoices: [],
  ...over,
});

const payment = (over: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id: 1,
  invoice: 'INV-0001',
  creditNote: null,
  date: DAY,
  items: 5,
  amountCents: 200_000,
  status: 'completed',
  method: 'card',
  orderId: 12,
  ...over,
});

describe('panelCsvRows', () => {
  it('fills the documented columns: id, email, password, day, Active, current/max', () => {
    const rows = panelCsvRows([panel()], new Map([[7, 'Pnl-secret']]));
    expect(rows).toEqual([[7, 'admin0007@panels.example', 'Pnl-secret', '2026-03-03', 'Active', '12/2000']]);
    expect(rows[0]).toHaveLength(DASHBOARD_PANELS_COLUMNS.length);
  });

  it('refuses to write a panel whose password did not come back', () => {
    expect(() => panelCsvRows([panel(), panel({ id: 8 })], new Map([[7, 'x']]))).toThrow(/panel 8/);
  });

  it('survives commas, quotes and line breaks in the data (RFC 4180)', () => {
    const tricky = 'p,a"s\ns';
    const text = encodeCsv(DASHBOARD_PANELS_COLUMNS, panelCsvRows([panel()], new Map([[7, tricky]])));
    expect(text).toBe(
      'Panel ID,Email,Password,Purchase Date,Status,Capacity (Current/Max)\r\n' +
        '7,admin0007@panels.example,"p,a""s\ns",2026-03-03,Active,12/2000',
    );
  });

  it('leaves the day empty for a panel without a purchase date', () => {
    expect(panelCsvRows([panel({ purchaseDate: null })], new Map([[7, 'x']]))[0]?.[3]).toBe('');
  });
});

describe('orderCsvRows', () => {
  it('writes Order ID, Date, Quantity, Total ($) and the badge word of each status', () => {
    const rows = orderCsvRows([
      order(),
      order({ id: 13, status: 'paid', totalCents: 50_050 }),
      order({ id: 14, status: 'pending_payment' }),
      order({ id: 15, status: 'refunded' }),
    ]);
    expect(rows).toEqual([
      [12, '2026-03-03', 8, '2900.00', 'completed'],
      [13, '2026-03-03', 8, '500.50', 'processing'],
      [14, '2026-03-03', 8, '2900.00', 'pending'],
      [15, '2026-03-03', 8, '2900.00', 'refunded'],
    ]);
    expect(rows[0]).toHaveLength(DASHBOARD_ORDERS_COLUMNS.length);
  });
});

describe('purchaseHistoryCsvRows', () => {
  it("writes Invoice, Date, Items, Total ($) and 'Paid' / 'processing', naming failed and refunded charges", () => {
    const rows = purchaseHistoryCsvRows([
      payment(),
      payment({ id: 2, invoice: 'INV-0002', status: 'pending' }),
      payment({ id: 3, invoice: 'INV-0003', status: 'failed' }),
      payment({ id: 4, invoice: 'INV-0004', status: 'refunded' }),
    ]);
    expect(rows.map((r) => r[4])).toEqual(['Paid', 'processing', 'failed', 'refunded']);
    expect(rows[0]).toEqual(['INV-0001', '2026-03-03', 5, '2000.00', 'Paid']);
    expect(rows[0]).toHaveLength(PURCHASE_HISTORY_COLUMNS.length);
  });
});
