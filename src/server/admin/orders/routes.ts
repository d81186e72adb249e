import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminOrdersApi } from '../../../domain/api/admin/endpoints';
import type { orderDetailSchema } from '../../../domain/api/admin/orders';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../../domain/constants';
import { creditNoteRef, invoiceLabel } from '../../../domain/format';
import { actorOf } from '../../auth/actor';
import { currentUser } from '../../auth/session';
import { orderPanelAdditions } from '../../billing/add-panels/manual-add';
import { serving } from '../../http/serve';
import { serveCsvExport } from '../csv-stream';
import type { AdminDeps } from '../deps';
import { pageOut } from '../paging';
import { iso, isoOrNull } from '../schemas';
import { cancelOrder } from './cancel';
import { type OrderDetail, orderDetail } from './detail';
import { exportOrders } from './export';
import { listOrders, type OrderListItem } from './list';

const orderItemOut = (o: OrderListItem) => ({
  ...o,
  createdAt: iso(o.createdAt),
  paidAt: isoOrNull(o.paidAt),
});

function detailOut(d: OrderDetail): Omit<z.input<typeof orderDetailSchema>, 'panelAdditions'> {
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
    renewal: d.renewal,
    payments: d.payments.map((p) => ({
      ...p,
      invoice: p.invoiceNumber === null ? null : invoiceLabel(p.invoiceNumber),
      creditNote: creditNoteRef(p.creditNote),
      periodStart: isoOrNull(p.periodStart),
      periodEnd: isoOrNull(p.periodEnd),
      createdAt: iso(p.createdAt),
    })),
    panels: d.panels.map(({ endedAt: _ended, ...p }) => ({
      ...p,
      purchaseDate: isoOrNull(p.purchaseDate),
      renewsAt: isoOrNull(p.renewsAt),
      endsAt: isoOrNull(p.endsAt),
    })),
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
export function adminOrderRoutes({ db, payments, renewals, now, guards }: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    serve(app, adminOrdersApi.page, async (request) =>
      pageOut(await listOrders(db, { ...request.query, pageSize: ADMIN_ORDERS_PAGE_SIZE }), orderItemOut),
    );

    serveCsvExport(serve, app, adminOrdersApi.export, now, (request) =>
      exportOrders(db, request.query, actorOf(request)),
    );

    serve(app, adminOrdersApi.one, async (request) => {
      const detail = await orderDetail(db, request.params.id);
      return { ...detailOut(detail), panelAdditions: await orderPanelAdditions(db, detail.order, now()) };
    });

    serve(app, adminOrdersApi.cancel, async (request) => ({
      status: await cancelOrder(db, request.params.id, actorOf(request), now()),
    }));

    serve(app, adminOrdersApi.markPaid, async (request) => ({
      paid: await payments.confirmManualPayment(request.params.id, currentUser(request), request.ip),
    }));

    serve(app, adminOrdersApi.recordRenewal, async (request) => {
      const { amountCents, reference, forPeriodEnd } = request.body;
      return renewals.record(
        request.params.id,
        { amountCents, reference: reference || undefined, forPeriodEnd: new Date(forPeriodEnd) },
        actorOf(request),
      );
    });
  };
}
