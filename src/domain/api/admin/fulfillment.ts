import { z } from 'zod';
import { countSchema, timestamp } from './paging';

/** The fulfillment queue (D7, D11): declared by the server, checked by the web app. */
const queueEntrySchema = z.object({
  orderId: z.number().int(),
  customer: z.object({ id: z.string(), email: z.string() }).nullable(),
  planId: z.string(),
  quantity: z.number().int(),
  delivered: z.number().int(),
  missing: z.number().int(),
  paidAt: timestamp,
  deadline: timestamp.describe('paidAt + 6 hours, the delivery promise'),
  secondsLeft: z.number().int().describe('Negative once the promise is broken'),
  breached: z.boolean(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const fulfillmentQueueSchema = z.object({
  entries: z.array(queueEntrySchema),
  waitingOrders: z.number().int(),
  panelsNeeded: z.number().int(),
  panelsShort: z.number().int(),
  available: countSchema,
  /** The server's own sentence when stock cannot cover the waiting orders. */
  warning: z.string().nullable(),
});
export type FulfillmentQueue = z.infer<typeof fulfillmentQueueSchema>;
