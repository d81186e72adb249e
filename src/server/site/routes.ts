import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteApi } from '../../domain/api/site-endpoints';
import type { SiteInfo } from '../../domain/site';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';

export function siteRoutes(deps: { site: SiteInfo; guards: AccessGuards }): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, siteApi.info, async () => deps.site);
  };
}
