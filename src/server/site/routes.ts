import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteApi } from '../../domain/api/site-endpoints';
import type { SiteInfo } from '../../domain/site';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';

/** `site` gives the SiteInfo as it is at the moment of the request (the sandbox clock moves). */
export function siteRoutes(deps: { site: () => SiteInfo; guards: AccessGuards }): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, siteApi.info, async () => deps.site());
  };
}
