import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../domain/api/admin/audit';
import type { AdminDeps } from '../deps';
import { iso, tags } from '../schemas';
import { listAudit } from './service';

export function adminAuditRoutes({ db }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          summary: 'The audit log (20 per page), newest first, filtered by action, actor and text',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => {
        const page = await listAudit(db, request.query);
        return { ...page, items: page.items.map((a) => ({ ...a, at: iso(a.at) })) };
      },
    );
  };
}
