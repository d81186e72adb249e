import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminDeps } from '../deps';
import { countSchema, iso, tags, timestamp } from '../schemas';
import { fulfillmentQueue } from './queue';

const entrySchema = z.object({
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

export function adminFulfillmentRoutes({ db, now }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/fulfillment',
      {
        schema: {
          tags,
          summary: 'Paid orders still missing panels, oldest first, against the 6-hour promise; stock level',
          response: {
            200: z.object({
              entries: z.array(entrySchema),
              waitingOrders: z.number().int(),
              panelsNeeded: z.number().int(),
              panelsShort: z.number().int(),
              available: countSchema,
              warning: z.string().nullable(),
            }),
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
