import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCustomersApi } from '../../../domain/api/admin/endpoints';
import { actorOf } from '../../auth/actor';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';
import { pageOut } from '../paging';
import { iso, isoOrNull } from '../schemas';
import { changeRole, customerDetail, listCustomers } from './service';

/** Customers (D11): search, each one's orders and panels, and the admin role (D2). */
export function adminCustomerRoutes({ db, guards }: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    serve(app, adminCustomersApi.page, async (request) =>
      pageOut(await listCustomers(db, request.query), (c) => ({ ...c, createdAt: iso(c.createdAt) })),
    );

    serve(app, adminCustomersApi.one, async (request) => {
      const d = await customerDetail(db, request.params.id);
      return {
        customer: { ...d.customer, createdAt: iso(d.customer.createdAt) },
        orders: d.orders.map((o) => ({ ...o, createdAt: iso(o.createdAt), paidAt: isoOrNull(o.paidAt) })),
        panels: d.panels.map((p) => ({ ...p, purchaseDate: isoOrNull(p.purchaseDate) })),
        workspaces: d.workspaces,
      };
    });

    serve(app, adminCustomersApi.setRole, async (request) => ({
      role: await changeRole(db, request.params.id, request.body.role, actorOf(request)),
    }));
  };
}
