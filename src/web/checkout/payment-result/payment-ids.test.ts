// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canceledOrderIdFrom, paymentIdsFrom, paymentReference } from './payment-ids';

const q = (s: string) => new URLSearchParams(s);

describe('paymentIdsFrom', () => {
  it('reads session_id and order_id from the query', () => {
    expect(paymentIdsFrom(q('session_id=sbx_abc-123&order_id=7'), '9')).toEqual({
      sessionId: 'sbx_abc-123',
      orderId: '7',
    });
  });

  it('falls back to the stored current order id for order_id', () => {
    expect(paymentIdsFrom(q('session_id=cs_test_1'), '9')).toEqual({ sessionId: 'cs_test_1', orderId: '9' });
    expect(paymentIdsFrom(q(''), '9')).toEqual({ sessionId: null, orderId: '9' });
  });

  it('has neither when there is nothing usable', () => {
    expect(paymentIdsFrom(q(''), null)).toEqual({ sessionId: null, orderId: null });
    expect(paymentIdsFrom(q('order_id=abc&session_id=<x>'), 'also bad')).toEqual({
      sessionId: null,
      orderId: null,
    });
  });
});

describe('canceledOrderIdFrom', () => {
  it('takes a numeric order_id only', () => {
    expect(canceledOrderIdFrom(q('order_id=12'))).toBe('12');
    expect(canceledOrderIdFrom(q('order_id=1;drop'))).toBeNull();
    expect(canceledOrderIdFrom(q(''))).toBeNull();
  });
});

describe('paymentReference', () => {
  it("names the order, never the provider's session id", () => {
    expect(paymentReference({ sessionId: 'cs_sandbox_a1b2c3d4', orderId: '42' })).toBe('Order ID: 42');
    expect(paymentReference({ sessionId: 'cs_sandbox_a1b2c3d4', orderId: null })).toBeNull();
  });
});
