import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '../../../domain/input-bounds';
import { ORDER_STATUSES, PANEL_STATUSES } from '../../../domain/status';
import { actorOf } from '../../auth/actor';
import type { AdminDeps } from '../deps';
import { iso, isoOrNull, pageResponse, pageSchema, searchSchema, tags, timestamp } from '../schemas';
import { CUSTOMERS_PAGE_SIZE, changeRole, customerDetail, listCustomers } from './service';

const roleSchema = z.enum(['user', 'admin']);
const userParams = z.strictObject({ id: safeText(100, { min: 1 }) });

const figures = {
  orderCount: z.number().int(),
  panelCount: z.number().int().describe('Active (sold) panels'),
  totalSpentCents: z.number().int().describe('Completed payments; refunded ones are not counted'),
};

const customerItem = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  createdAt: timestamp,
  ...figures,
});

const detailSchema = z.object({
  customer: customerItem.extend({
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    companyName: z.string().nullable(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
  }),
  orders: z.array(
    z.object({
      id: z.number().int(),
      planId: z.string(),
      quantity: z.number().int(),
      delivered: z.number().int(),
      totalCents: z.number().int(),
      status: z.enum(ORDER_STATUSES),
      paymentMethod: z.string(),
      createdAt: timestamp,
      paidAt: timestamp.nullable(),
    }),
  ),
  panels: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      status: z.enum(PANEL_STATUSES),
      orderId: z.number().int().nullable(),
      purchaseDate: timestamp.nullable(),
      maxMailboxes: z.number().int(),
    }),
  ),
});

/** Customers (D11): search, each one's orders and panels, and the admin role (D2). */
export function adminCustomerRoutes({ db }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/customers',
      {
        schema: {
          tags,
          summary: 'A page of users (10 per page), newest first, with order count, panels and total spent',
          querystring: z.strictObject({
            search: searchSchema.describe('Part of the e-mail or name (3+ characters), or a user id'),
            role: roleSchema.optional(),
            page: pageSchema(CUSTOMERS_PAGE_SIZE),
          }),
          response: { 200: pageResponse(customerItem) },
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
          params: userParams,
          response: { 200: detailSchema },
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
          params: userParams,
          body: z.strictObject({ role: roleSchema }),
          response: { 200: z.object({ role: roleSchema }) },
        },
      },
      async (request) => ({
        role: await changeRole(db, request.params.id, request.body.role, actorOf(request)),
      }),
    );
  };
}
