import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminFulfillmentApi } from '../../../domain/api/admin/endpoints';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';
import { iso } from '../schemas';
import { fulfillmentQueue } from './queue';

export function adminFulfillmentRoutes({ db, now, guards }: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    serve(app, adminFulfillmentApi.queue, async () => {
      const queue = await fulfillmentQueue(db, now());
      return {
        ...queue,
        available: { value: queue.available.total, exact: !queue.available.totalIsEstimate },
        entries: queue.entries.map((e) => ({ ...e, paidAt: iso(e.paidAt), deadline: iso(e.deadline) })),
      };
    });
  };
}
