import { expect } from 'vitest';
import type { TestClient } from './test-app';

/**
 * A card order of the signed-in customer `c`, paid through the sandbox checkout page: a
 * `planId` plan (Basic unless named) with `additional` add-on panels. Returns its id.
 */
export async function paidCardOrder(
  c: TestClient,
  options: { planId?: string; additional?: number } = {},
): Promise<number> {
  const { planId = 'basic', additional = 0 } = options;
  const res = await c.post('/api/checkout', { planId, additionalPanels: additional, method: 'card' });
  expect(res.statusCode, res.body).toBe(200);
  const { url, orderId } = res.json() as { url: string; orderId: number };
  const paid = await c.post(`/api/sandbox/sessions/${url.split('/').at(-1)}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}
