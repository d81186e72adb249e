import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ShopStatus, shopStatusSchema } from '../../domain/api/status';
import type { Database } from '../db/client';
import { shopStatus } from './record';

/**
 * Anyone may ask, signed in or not, so one computation serves every request for this long:
 * the figures move by the hour, and a burst of visitors costs one query.
 */
export const STATUS_MAX_AGE_MS = 60_000;

export function statusRoutes(deps: { db: Database; now: () => Date }): FastifyPluginAsyncZod {
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
  return async (app) => {
    app.get(
      '/api/status',
      {
        schema: {
          tags: ['site'],
          summary: "The shop's delivery record over the last 30 days and whether stock covers waiting orders",
          response: { 200: shopStatusSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', `public, max-age=${STATUS_MAX_AGE_MS / 1000}`);
        return current();
      },
    );
  };
}
