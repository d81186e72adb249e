import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CANCEL_REASONS } from '../../../domain/cancel-reasons';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../../domain/constants';
import { exportFileName } from '../../../domain/csv';
import { invoiceLabel } from '../../../domain/format';
import { safeText } from '../../../domain/input-bounds';
import { ORDER_STATUSES, PANEL_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../domain/status';
import { actorOf } from '../../auth/actor';
import { currentUser } from '../../auth/session';
import { sendCsv } from '../csv-stream';
import type { AdminDeps } from '../deps';
import {
  idParams,
  iso,
  isoOrNull,
  pageResponse,
  pageSchema,
  searchSchema,
  sortSchema,
  tags,
  timestamp,
} from '../schemas';
import { cancelOrder } from './cancel';
import { type OrderDetail, orderDetail } from './detail';
import { exportOrders } from './export';
import { listOrders, type OrderListItem } from './list';

const statusSchema = z.enum(ORDER_STATUSES).optional();
const customerSchema = z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable();

const orderItem = z.object({
  id: z.number().int(),
  customer: customerSchema.describe("The spec's 'User #id', with the customer's e-mail; null once deleted"),
  planId: z.string(),
  quantity: z.number().int(),
  delivered: z.number().int(),
  totalCents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
});

const orderItemOut = (o: OrderListItem) => ({
  ...o,
  createdAt: iso(o.createdAt),
  paidAt: isoOrNull(o.paidAt),
});

const detailSchema = z.object({
  order: z.object({
    id: z.number().int(),
    userId: z.string().nullable(),
    planId: z.string(),
    additionalPanels: z.number().int(),
    quantity: z.number().int(),
    totalCents: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    paymentMethod: z.string(),
    provider: z.string(),
    providerSubscriptionId: z.string().nullable(),
    providerCustomerId: z.string().nullable(),
    subscriptionStatus: z.string(),
    currentPeriodStart: timestamp.nullable(),
    currentPeriodEnd: timestamp.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    createdAt: timestamp,
    paidAt: timestamp.nullable(),
    completedAt: timestamp.nullable(),
    canceledAt: timestamp.nullable(),
    refundedAt: timestamp.nullable(),
    cancelReason: z.enum(CANCEL_REASONS).nullable().describe('why a never-paid order was canceled'),
  }),
  customer: customerSchema,
  payments: z.array(
    z.object({
      id: z.number().int(),
      invoice: z.string().nullable().describe("'INV-0001'; null only while its transaction commits"),
      amountCents: z.number().int(),
      status: z.enum(PAYMENT_STATUSES),
      method: z.enum(PAYMENT_METHODS),
      provider: z.string(),
      providerChargeId: z.string().nullable(),
      periodStart: timestamp.nullable(),
      periodEnd: timestamp.nullable(),
      createdAt: timestamp,
    }),
  ),
  panels: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      status: z.enum(PANEL_STATUSES),
      purchaseDate: timestamp.nullable(),
      maxMailboxes: z.number().int(),
    }),
  ),
  refundRequests: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      reason: z.string(),
      decisionNote: z.string().nullable(),
      createdAt: timestamp,
      decidedAt: timestamp.nullable(),
    }),
  ),
  history: z.array(
    z.object({
      at: timestamp,
      event: z.string(),
      actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }).nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});

function detailOut(d: OrderDetail): z.input<typeof detailSchema> {
  const o = d.order;
  return {
    order: {
      ...o,
      currentPeriodStart: isoOrNull(o.currentPeriodStart),
      currentPeriodEnd: isoOrNull(o.currentPeriodEnd),
      createdAt: iso(o.createdAt),
      paidAt: isoOrNull(o.paidAt),
      completedAt: isoOrNull(o.completedAt),
      canceledAt: isoOrNull(o.canceledAt),
      refundedAt: isoOrNull(o.refundedAt),
    },
    customer: d.customer,
    payments: d.payments.map((p) => ({
      ...p,
      invoice: p.invoiceNumber === null ? null : invoiceLabel(p.invoiceNumber),
      periodStart: isoOrNull(p.periodStart),
      periodEnd: isoOrNull(p.periodEnd),
      createdAt: iso(p.createdAt),
    })),
    panels: d.panels.map((p) => ({ ...p, purchaseDate: isoOrNull(p.purchaseDate) })),
    refundRequests: d.refundRequests.map((r) => ({
      ...r,
      createdAt: iso(r.createdAt),
      decidedAt: isoOrNull(r.decidedAt),
    })),
    history: d.history.map((h) => ({ ...h, at: iso(h.at) })),
  };
}

const renewalBody = z.strictObject({
  amountCents: z.number().int().min(1).max(100_000_000).describe('the amount received, in cents'),
  reference: safeText(200, { trim: true })
    .optional()
    .describe("the bank's transfer reference or the transaction hash (audit log)"),
  forPeriodEnd: z.iso
    .datetime({ offset: true })
    .describe('the current period end as shown; a repeat for the same period records nothing'),
});

/**
 * Orders (D5, D6, D11): list, export, detail, cancel, mark a manual payment paid, record a
 * manual renewal (D8).
 */
export function adminOrderRoutes({ db, payments, renewals, now }: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/orders',
      {
        schema: {
          tags,
          summary: 'A page of orders (5 per page), newest first, with the customer',
          querystring: z.strictObject({
            search: searchSchema.describe(
              'An order number, or part of the customer e-mail or name (3+ characters)',
            ),
            status: statusSchema,
            page: pageSchema(ADMIN_ORDERS_PAGE_SIZE),
            sort: sortSchema,
          }),
          response: { 200: pageResponse(orderItem) },
        },
      },
      async (request) => {
        const page = await listOrders(db, { ...request.query, pageSize: ADMIN_ORDERS_PAGE_SIZE });
        return { ...page, items: page.items.map(orderItemOut) };
      },
    );

    app.get(
      '/api/admin/orders/export',
      {
        // A HEAD would run (and audit-log) a whole export only to throw the body away.
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: 'Every order matching the filter as CSV, streamed (audit-logged)',
          querystring: z.strictObject({ search: searchSchema, status: statusSchema }),
        },
      },
      async (request, reply) => {
        const chunks = await exportOrders(db, request.query, actorOf(request));
        return sendCsv(reply, exportFileName('orders', now()), chunks);
      },
    );

    app.get(
      '/api/admin/orders/:id',
      {
        schema: {
          tags,
          summary: 'One order: customer, payments, panels with their real status, refunds, history',
          params: idParams,
          response: { 200: detailSchema },
        },
      },
      async (request) => detailOut(await orderDetail(db, request.params.id)),
    );

    app.post(
      '/api/admin/orders/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel an unpaid order (paid and completed orders are refunded instead: 409)',
          params: idParams,
          response: { 200: z.object({ status: z.enum(ORDER_STATUSES) }) },
        },
      },
      async (request) => ({ status: await cancelOrder(db, request.params.id, actorOf(request), now()) }),
    );

    app.post(
      '/api/admin/orders/:id/mark-paid',
      {
        schema: {
          tags,
          summary: 'Mark a bank transfer or crypto order as paid; allocation follows',
          params: idParams,
          response: { 200: z.object({ paid: z.boolean() }) },
        },
      },
      async (request) => ({
        paid: await payments.confirmManualPayment(request.params.id, currentUser(request), request.ip),
      }),
    );

    app.post(
      '/api/admin/orders/:id/record-renewal',
      {
        schema: {
          tags,
          summary:
            'Record a bank transfer or crypto renewal payment: a new invoice, and the period extended by a month (also from past due, within the grace period)',
          params: idParams,
          body: renewalBody,
          response: {
            200: z.object({
              recorded: z.boolean().describe('false: this renewal was already recorded, nothing changed'),
              periodEnd: timestamp.nullable(),
              invoice: z.string().nullable(),
            }),
          },
        },
      },
      async (request) => {
        const { amountCents, reference, forPeriodEnd } = request.body;
        return renewals.record(
          request.params.id,
          { amountCents, reference: reference || undefined, forPeriodEnd: new Date(forPeriodEnd) },
          actorOf(request),
        );
      },
    );
  };
}
