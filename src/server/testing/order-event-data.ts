/** An order event's data in the shape emit.ts writes it: a one-panel Basic card order. */
export const orderEventData = (orderId: number, status: string, createdAt: Date) => ({
  orderId,
  status,
  planId: 'basic',
  quantity: 1,
  additionalPanels: 0,
  totalCents: 50_000,
  currency: 'USD' as const,
  paymentMethod: 'card',
  subscriptionStatus: 'active',
  currentPeriodEnd: null,
  createdAt: createdAt.toISOString(),
});
