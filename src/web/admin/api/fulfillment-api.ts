import { adminFulfillmentApi } from '../../../domain/api/admin/endpoints';
import { call } from '../../lib/call';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type { FulfillmentQueue, QueueEntry } from '../../../domain/api/admin/fulfillment';

/** While the queue is on screen it refreshes at this pace: stock may arrive from elsewhere. */
export const QUEUE_REFRESH_MS = 30_000;

export const fulfillmentQuery = {
  queryKey: [...ADMIN_QUERY_KEY, 'fulfillment'],
  queryFn: () => call(adminFulfillmentApi.queue),
};

export const fetchQueueInBackground = () => call(adminFulfillmentApi.queue, { background: true });
