import { fulfillmentQueueSchema } from '../../../domain/api/admin/fulfillment';
import { api } from '../../lib/api';
import { ADMIN_QUERY_KEY } from './page-schema';

export type { FulfillmentQueue, QueueEntry } from '../../../domain/api/admin/fulfillment';

/** While the queue is on screen it refreshes at this pace: stock may arrive from elsewhere. */
export const QUEUE_REFRESH_MS = 30_000;

export const fulfillmentQuery = {
  queryKey: [...ADMIN_QUERY_KEY, 'fulfillment'],
  queryFn: () => api('/api/admin/fulfillment', { schema: fulfillmentQueueSchema }),
};

export const fetchQueueInBackground = () =>
  api('/api/admin/fulfillment', { schema: fulfillmentQueueSchema, background: true });
