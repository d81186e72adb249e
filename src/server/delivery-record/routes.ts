import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteApi } from '../../domain/api/site-endpoints';
import type { ShopStatus } from '../../domain/api/status';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import { shopStatus } from './record';

/**
 * Anyone may ask, signed in or not, so one computation serves every request for this long:
 * the figures move by the hour, and a burst of visitors costs one query.
 */
export const STATUS_MAX_AGE_MS = 60_000;

export function statusRoutes(deps: {
  db: Database;
  now: () => Date;
  guards: AccessGuards;
}): FastifyPluginAsyncZod {
  let kept: { at: number; value: Promise<ShopStatus> } | undefined;
  const current = () => {
    const now = deps.now();
    if (!kept || now.getTime() - kept.at >= STATUS_MAX_AGE_MS) {
      const value = shopStatus(deps.db, now);
      kept = { at: now.getTime(), value };
      // A failed computation is not kept: the next request tries again.
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    }
    return kept.value;
  };
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, siteApi.status, async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${STATUS_MAX_AGE_MS / 1000}`);
      return current();
    });
  };
}
