import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CANCEL_REASONS } from '../../domain/cancel-reasons';
import { CUSTOMER_ORDERS_PAGE_SIZE } from '../../domain/constants';
import { rowIdParamSchema } from '../../domain/input-bounds';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../domain/status';
import { currentUser } from '../auth/session';
import { notFound } from '../http/errors';
import type { CheckoutDeps } from './checkout';
import { customerPageFacts, customerPageSchema } from './customer-paging';
import { myOrder, pageOfMyOrders } from './my-orders';
import { resumeCheckout } from './resume-checkout';

// The customer's own orders (docs/product.md §6: a customer sees only their own): every read
// filters by the session's user, so another customer's rows are never in a page, and a single
// order of theirs is a 404. Registered inside orderRoutes, behind its requireUser hook.

const tags = ['orders'];

const invoiceSchema = z.object({
  id: z.number().describe('the payment id, which the PDF route takes'),
  invoice: z.string().describe('INV- and the invoice number padded to 4 (D4)'),
  date: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  pdfPath: z.string(),
});

const orderSchema = z.object({
  id: z.number(),
  planId: z.string(),
  planName: z.string(),
  additionalPanels: z.number(),
  quantity: z.number(),
  totalCents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  cancelReason: z.enum(CANCEL_REASONS).nullable().describe('why a never-paid order was canceled'),
  delivered: z.number(),
  instructionsPath: z
    .string()
    .nullable()
    .describe('a bank transfer or crypto order waiting for payment: its instructions page'),
  resumeCheckout: z
    .boolean()
    .describe('a card order waiting for payment: POST /api/me/orders/:orderId/checkout resumes it'),
  invoices: z
    .array(invoiceSchema)
    .describe('a paid, completed or refunded order: its invoices, newest first'),
});

const orderParams = z.strictObject({ orderId: rowIdParamSchema });

export function myOrderRoutes(deps: CheckoutDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/api/me/orders',
      {
        schema: {
          tags,
          summary: "A page of the customer's orders (every status), newest first, with where each leads",
          querystring: z.strictObject({
            page: customerPageSchema(CUSTOMER_ORDERS_PAGE_SIZE),
            status: z.enum(ORDER_STATUSES).optional(),
          }),
          response: { 200: z.object({ orders: z.array(orderSchema), ...customerPageFacts }) },
        },
      },
      async (request) =>
        pageOfMyOrders(db, currentUser(request).id, {
          ...request.query,
          pageSize: CUSTOMER_ORDERS_PAGE_SIZE,
        }),
    );

    app.get(
      '/api/me/orders/:orderId',
      {
        schema: {
          tags,
          summary: "One of the customer's orders (owner only)",
          params: orderParams,
          response: { 200: orderSchema },
        },
      },
      async (request) => {
        const order = await myOrder(db, currentUser(request).id, request.params.orderId);
        if (!order) throw notFound('No such order.');
        return order;
      },
    );

    app.post(
      '/api/me/orders/:orderId/checkout',
      {
        schema: {
          tags,
          summary: "Resume a card order's checkout while the provider still has it open (owner only)",
          params: orderParams,
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (request) => ({
        url: await resumeCheckout(deps, currentUser(request).id, request.params.orderId),
      }),
    );
  };
}
