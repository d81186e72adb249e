import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type SiteInfo, siteInfoSchema } from '../../domain/site';

export function siteRoutes(info: SiteInfo): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/site',
      {
        schema: {
          tags: ['site'],
          summary: 'Brand, contact details and demo sign-in',
          response: { 200: siteInfoSchema },
        },
      },
      async () => info,
    );
  };
}
