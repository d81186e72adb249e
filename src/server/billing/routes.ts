import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingPortalBodySchema,
  billingPortalSchema,
  billingSummarySchema,
  cancelAtPeriodEndSchema,
  dashboardSummarySchema,
  invoiceParamsSchema,
  orderParamsSchema,
  refundRequestBodySchema,
  refundRequestCreatedSchema,
} from '../../domain/api/billing';
import { apiErrorSchema } from '../../domain/api/errors';
import { currentUser, type SessionGuards } from '../auth/session';
import { customerInvoice } from './invoice';
import { billingSummary, dashboardSummary } from './queries';
import { askForRefund, type BillingDeps, billingPortalUrl, changeCancelAtPeriodEnd } from './service';

const tags = ['billing'];

/** The customer's after-purchase API (D7, D8, D12): owner-only reads and actions. */
export function billingRoutes(deps: BillingDeps & { guards: SessionGuards }): FastifyPluginAsyncZod {
  const { config, db, now } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.guards.requireUser);

    app.get(
      '/api/me/dashboard',
      {
        schema: {
          tags,
          summary: 'Dashboard figures and panels on their way',
          response: { 200: dashboardSummarySchema },
        },
      },
      async (request) => dashboardSummary(db, currentUser(request).id),
    );

    app.get(
      '/api/me/billing',
      {
        schema: {
          tags,
          summary: 'Totals, purchase history and subscriptions',
          response: { 200: billingSummarySchema },
        },
      },
      async (request) => billingSummary(db, currentUser(request).id, now()),
    );

    for (const action of ['cancel', 'resume'] as const) {
      app.post(
        `/api/me/subscriptions/:orderId/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'cancel'
                ? 'Cancel at the end of the paid period'
                : 'Undo a cancellation before the period ends',
            params: orderParamsSchema,
            // 409: the subscription is not active.
            response: { 200: cancelAtPeriodEndSchema, 409: apiErrorSchema },
          },
        },
        async (request) => {
          const cancel = action === 'cancel';
          await changeCancelAtPeriodEnd(
            deps,
            currentUser(request),
            request.params.orderId,
            cancel,
            request.ip,
          );
          return { cancelAtPeriodEnd: cancel };
        },
      );
    }

    app.post(
      '/api/me/billing/portal',
      {
        schema: {
          tags,
          summary: "Stripe's customer portal for an order's subscription",
          body: billingPortalBodySchema,
          // 409: the order's provider has no portal (bank transfer, crypto, sandbox).
          response: { 200: billingPortalSchema, 409: apiErrorSchema },
        },
      },
      async (request) => ({
        url: await billingPortalUrl(deps, currentUser(request).id, request.body.orderId),
      }),
    );

    app.post(
      '/api/me/orders/:orderId/refund-request',
      {
        schema: {
          tags,
          summary: 'Ask for the 14-day money-back refund',
          params: orderParamsSchema,
          body: refundRequestBodySchema,
          // 409: not paid, past the 14 days, or a request already waiting.
          response: { 200: refundRequestCreatedSchema, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const created = await askForRefund(
          deps,
          currentUser(request).id,
          request.params.orderId,
          request.body.reason,
          request.ip,
        );
        return { id: created.id, status: created.status };
      },
    );

    app.get(
      '/api/me/invoices/:paymentId/pdf',
      {
        schema: {
          tags,
          summary: 'A payment as a PDF invoice',
          params: invoiceParamsSchema,
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await customerInvoice(
          { db, config },
          currentUser(request).id,
          request.params.paymentId,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(pdf);
      },
    );
  };
}
