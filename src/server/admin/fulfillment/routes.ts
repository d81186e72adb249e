import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fulfillmentQueueSchema } from '../../../domain/api/admin/fulfillment';
import type { AdminDeps } from '../deps';
import { iso, tags } from '../schemas';
import { fulfillmentQueue } from './queue';

export function adminFulfillmentRoutes({ db, now }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/fulfillment',
      {
        schema: {
          tags,
          summary: 'Paid orders still missing panels, oldest first, against the 6-hour promise; stock level',
          response: {
            200: fulfillmentQueueSchema,
          },
        },
      },
      async () => {
        const queue = await fulfillmentQueue(db, now());
        return {
          ...queue,
          available: { value: queue.available.total, exact: !queue.available.totalIsEstimate },
          entries: queue.entries.map((e) => ({ ...e, paidAt: iso(e.paidAt), deadline: iso(e.deadline) })),
        };
      },
    );
  };
}
