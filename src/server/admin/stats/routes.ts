import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminDeps } from '../deps';
import { countSchema, tags } from '../schemas';
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
            200: z.object({
              totalPanels: countSchema.describe("'Available admin panels'"),
              activePanels: countSchema.describe("'Currently active admin panels'"),
              totalOrders: countSchema.describe("'Completed customer orders'"),
              waitingOrders: z.number().int(),
              panelsNeeded: z.number().int(),
              panelsShort: z.number().int(),
            }),
          },
        },
      },
      async () => adminStats(db),
    );
  };
}
