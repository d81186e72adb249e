import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminOrdersPageSchema,
  orderCanceledSchema,
  orderDetailSchema,
  orderMarkedPaidSchema,
  ordersExportQuerySchema,
  ordersQuerySchema,
  renewalBodySchema,
  renewalRecordedSchema,
} from '../../../domain/api/admin/orders';
import { idParams } from '../../../domain/api/admin/paging';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../../domain/constants';
import { exportFileName } from '../../../domain/csv';
import { creditNoteLabel, invoiceLabel } from '../../../domain/format';
import { actorOf } from '../../auth/actor';
import { currentUser } from '../../auth/session';
import { sendCsv } from '../csv-stream';
import type { AdminDeps } from '../deps';
import { iso, isoOrNull, tags } from '../schemas';
import { cancelOrder } from './cancel';
import { type OrderDetail, orderDetail } from './detail';
import { exportOrders } from './export';
import { listOrders, type OrderListItem } from './list';

const orderItemOut = (o: OrderListItem) => ({
  ...o,
  createdAt: iso(o.createdAt),
  paidAt: isoOrNull(o.paidAt),
});

function detailOut(d: OrderDetail): z.input<typeof orderDetailSchema> {
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
    pendingCreditCents: d.pendingCreditCents,
    payments: d.payments.map((p) => ({
      ...p,
      invoice: p.invoiceNumber === null ? null : invoiceLabel(p.invoiceNumber),
      creditNote:
        p.creditNote?.number == null
          ? null
          : { id: p.creditNote.id, label: creditNoteLabel(p.creditNote.number) },
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
          querystring: ordersQuerySchema,
          response: { 200: adminOrdersPageSchema },
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
          querystring: ordersExportQuerySchema,
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
          response: { 200: orderDetailSchema },
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
          response: { 200: orderCanceledSchema },
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
          response: { 200: orderMarkedPaidSchema },
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
          body: renewalBodySchema,
          response: { 200: renewalRecordedSchema },
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
