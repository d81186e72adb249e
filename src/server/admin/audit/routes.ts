import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditApi } from '../../../domain/api/admin/endpoints';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';
import { pageOut } from '../paging';
import { iso } from '../schemas';
import { listAudit } from './service';

export function adminAuditRoutes({ db, guards }: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    serve(app, adminAuditApi.page, async (request) =>
      pageOut(await listAudit(db, request.query), (a) => ({ ...a, at: iso(a.at) })),
    );
  };
}
