import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReplacementsApi } from '../../../domain/api/admin/endpoints';
import { currentUser } from '../../auth/session';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';
import { rejectRequest, replacementQueue, replaceRequest } from './service';

/** The replacement queue and its decisions (docs/product.md §11). */
export function adminReplacementRoutes({
  db,
  config,
  fulfillment,
  now,
  guards,
}: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    serve(app, adminReplacementsApi.queue, async (request) => ({
      requests: await replacementQueue(db, request.query.status),
    }));

    serve(app, adminReplacementsApi.replace, async (request) => {
      const actor = { ...currentUser(request), ip: request.ip };
      return replaceRequest({ db, fulfillment, now }, request.params.id, actor);
    });

    serve(app, adminReplacementsApi.reject, async (request) => {
      const actor = { ...currentUser(request), ip: request.ip };
      await rejectRequest({ db, config, now }, request.params.id, actor, request.body.reason);
      return { message: 'Rejected. The customer was e-mailed your reason and sees it on their dashboard.' };
    });
  };
}
