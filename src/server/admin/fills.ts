import { z } from 'zod';
import type { FilledOrder } from '../provisioning/fulfillment';

/** Orders that took panels right after stock arrived (D7), as a stock change reports them. */
export const filledOrdersSchema = z
  .array(z.object({ orderId: z.number().int(), assignedNow: z.number().int(), completed: z.boolean() }))
  .describe('Waiting orders that received panels from this change, oldest first');

export const filledOrdersOut = (filled: FilledOrder[]) =>
  filled.map(({ orderId, assignedNow, completed }) => ({ orderId, assignedNow, completed }));
