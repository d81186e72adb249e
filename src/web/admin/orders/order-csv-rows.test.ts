import { describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_COLUMNS, encodeCsv } from '../../../domain/csv';
import type { AdminOrder } from '../api/orders-api';
import { adminOrderCsvRows } from './order-csv-rows';

const order = (over: Partial<AdminOrder> = {}): AdminOrder => ({
  id: 12,
  customer: { id: 'u1', email: 'casey@example.com', name: 'Casey' },
  planId: 'pro',
  quantity: 8,
  delivered: 8,
  totalCents: 290_050,
  status: 'completed',
  paymentMethod: 'card',
  createdAt: '2026-03-03T12:00:00.000Z',
  paidAt: '2026-03-03T12:00:00.000Z',
  ...over,
});

describe('adminOrderCsvRows', () => {
  it('writes the documented columns as the server export does', () => {
    const rows = adminOrderCsvRows([order(), order({ id: 13, status: 'pending_payment', customer: null })]);
    expect(rows).toEqual([
      [12, 'u1', 8, '2900.50', '2026-03-03T12:00:00.000Z', 'completed'],
      [13, '', 8, '2900.50', '2026-03-03T12:00:00.000Z', 'pending_payment'],
    ]);
    expect(encodeCsv(ADMIN_ORDERS_COLUMNS, rows).split('\r\n')[0]).toBe(
      'Order ID,User ID,Quantity,Total Price ($),Order Date,Status',
    );
  });

  it('quotes a user id holding a comma, a quote or a line break (RFC 4180)', () => {
    const text = encodeCsv(
      ADMIN_ORDERS_COLUMNS,
      adminOrderCsvRows([order({ customer: { id: 'a,"b"\nc', email: 'x@y.z', name: 'X' } })]),
    );
    expect(text.split('\r\n')[1]).toBe('12,"a,""b""\nc",8,2900.50,2026-03-03T12:00:00.000Z,completed');
  });
});
