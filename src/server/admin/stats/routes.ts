import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsApi } from '../../../domain/api/admin/endpoints';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';

import { adminStats } from './service';

export function adminStatsRoutes({ db, guards }: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    serve(app, adminStatsApi.stats, async () => adminStats(db));
  };
}
