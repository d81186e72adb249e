import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '../../../domain/api/admin/stats';
import type { AdminDeps } from '../deps';
import { tags } from '../schemas';
import { adminStats } from './service';

export function adminStatsRoutes({ db }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/stats',
      {
        schema: {
          tags,
          summary:
            'Stat cards: available, active (sold) panels, completed orders; waiting orders and shortfall',
          response: {
            200: adminStatsSchema,
          },
        },
      },
      async () => adminStats(db),
    );
  };
}
