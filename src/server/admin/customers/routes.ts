import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerDetailSchema,
  customerRoleChangedSchema,
  customerRoleSchema,
  customersPageSchema,
  customersQuerySchema,
  userParamsSchema,
} from '../../../domain/api/admin/customers';
import { actorOf } from '../../auth/actor';
import type { AdminDeps } from '../deps';
import { iso, isoOrNull, tags } from '../schemas';
import { changeRole, customerDetail, listCustomers } from './service';

/** Customers (D11): search, each one's orders and panels, and the admin role (D2). */
export function adminCustomerRoutes({ db }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/customers',
      {
        schema: {
          tags,
          summary: 'A page of users (10 per page), newest first, with order count, panels and total spent',
          querystring: customersQuerySchema,
          response: { 200: customersPageSchema },
        },
      },
      async (request) => {
        const page = await listCustomers(db, request.query);
        return { ...page, items: page.items.map((c) => ({ ...c, createdAt: iso(c.createdAt) })) };
      },
    );

    app.get(
      '/api/admin/customers/:id',
      {
        schema: {
          tags,
          summary: 'One user with profile, figures, orders and panels',
          params: userParamsSchema,
          response: { 200: customerDetailSchema },
        },
      },
      async (request) => {
        const d = await customerDetail(db, request.params.id);
        return {
          customer: { ...d.customer, createdAt: iso(d.customer.createdAt) },
          orders: d.orders.map((o) => ({ ...o, createdAt: iso(o.createdAt), paidAt: isoOrNull(o.paidAt) })),
          panels: d.panels.map((p) => ({ ...p, purchaseDate: isoOrNull(p.purchaseDate) })),
        };
      },
    );

    app.post(
      '/api/admin/customers/:id/role',
      {
        schema: {
          tags,
          summary: "Change a user's role (the last admin cannot be demoted: 409); audit-logged",
          params: userParamsSchema,
          body: customerRoleSchema,
          response: { 200: customerRoleChangedSchema },
        },
      },
      async (request) => ({
        role: await changeRole(db, request.params.id, request.body.role, actorOf(request)),
      }),
    );
  };
}
