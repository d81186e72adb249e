import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../domain/api/admin/paging';
import {
  rejectReplacementBodySchema,
  replacementQueueQuerySchema,
  replacementQueueSchema,
  replaceOutcomeSchema,
} from '../../../domain/api/replacements';
import { currentUser } from '../../auth/session';
import type { AdminDeps } from '../deps';
import { tags } from '../schemas';
import { rejectRequest, replacementQueue, replaceRequest } from './service';

/** The replacement queue and its decisions (docs/product.md §11). */
export function adminReplacementRoutes({ db, fulfillment, now }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/replacements',
      {
        schema: {
          tags,
          summary: 'Panel replacement requests: open ones oldest first, decided ones newest first',
          querystring: replacementQueueQuerySchema,
          response: { 200: replacementQueueSchema },
        },
      },
      async (request) => ({ requests: await replacementQueue(db, request.query.status) }),
    );

    app.post(
      '/api/admin/replacements/:id/replace',
      {
        schema: {
          tags,
          summary: 'Replace the panel from stock (oldest first); with no stock the request waits for it',
          params: idParams,
          response: { 200: replaceOutcomeSchema },
        },
      },
      async (request) => {
        const actor = { ...currentUser(request), ip: request.ip };
        return replaceRequest({ db, fulfillment, now }, request.params.id, actor);
      },
    );

    app.post(
      '/api/admin/replacements/:id/reject',
      {
        schema: {
          tags,
          summary: 'Reject, with the reason the customer sees',
          params: idParams,
          body: rejectReplacementBodySchema,
          response: { 200: replaceOutcomeSchema.pick({ message: true }) },
        },
      },
      async (request) => {
        const actor = { ...currentUser(request), ip: request.ip };
        await rejectRequest(db, now, request.params.id, actor, request.body.reason);
        return { message: 'Rejected. The customer sees your reason on their dashboard.' };
      },
    );
  };
}
