import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '../../../domain/input-bounds';
import type { AdminDeps } from '../deps';
import { iso, pageResponse, pageSchema, tags, timestamp } from '../schemas';
import { AUDIT_PAGE_SIZE, listAudit } from './service';

const auditItem = z.object({
  id: z.number().int(),
  at: timestamp,
  action: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});

export function adminAuditRoutes({ db }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          summary: 'The audit log (20 per page), newest first, filtered by action, actor and text',
          querystring: z.strictObject({
            action: safeText(100).optional().describe("An action ('panels.revealed') or family ('panels')"),
            actor: safeText(200).optional().describe('A user id or part of the actor e-mail'),
            q: safeText(200).optional().describe('Text in the target, details, actor e-mail or ip'),
            page: pageSchema(AUDIT_PAGE_SIZE),
          }),
          response: { 200: pageResponse(auditItem) },
        },
      },
      async (request) => {
        const page = await listAudit(db, request.query);
        return { ...page, items: page.items.map((a) => ({ ...a, at: iso(a.at) })) };
      },
    );
  };
}
