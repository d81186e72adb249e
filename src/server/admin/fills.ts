import type { FilledOrder } from '../provisioning/fulfillment';

/** The fields of each filled order a stock change reports (src/domain/api/admin/panels.ts). */
export const filledOrdersOut = (filled: FilledOrder[]) =>
  filled.map(({ orderId, assignedNow, completed }) => ({ orderId, assignedNow, completed }));
