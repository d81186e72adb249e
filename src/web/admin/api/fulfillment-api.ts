import { z } from 'zod';
import { api } from '../../lib/api';
import { ADMIN_QUERY_KEY, countSchema } from './page-schema';

const entrySchema = z.object({
  orderId: z.number(),
  customer: z.object({ id: z.string(), email: z.string() }).nullable(),
  planId: z.string(),
  quantity: z.number(),
  delivered: z.number(),
  missing: z.number(),
  paidAt: z.string(),
  /** paidAt + 6 hours: the delivery promise (D7). */
  deadline: z.string(),
});
export type QueueEntry = z.infer<typeof entrySchema>;

const queueSchema = z.object({
  entries: z.array(entrySchema),
  waitingOrders: z.number(),
  panelsNeeded: z.number(),
  panelsShort: z.number(),
  available: countSchema,
  /** The server's own sentence when stock cannot cover the waiting orders. */
  warning: z.string().nullable(),
});
export type FulfillmentQueue = z.infer<typeof queueSchema>;

/** While the queue is on screen it refreshes at this pace: stock may arrive from elsewhere. */
export const QUEUE_REFRESH_MS = 30_000;

export const fulfillmentQuery = {
  queryKey: [...ADMIN_QUERY_KEY, 'fulfillment'],
  queryFn: () => api('/api/admin/fulfillment', { schema: queueSchema }),
};

export const fetchQueueInBackground = () =>
  api('/api/admin/fulfillment', { schema: queueSchema, background: true });
