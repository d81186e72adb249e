import { z } from 'zod';
import { CANCEL_REASONS } from '../cancel-reasons';
import { CUSTOMER_ORDERS_PAGE_SIZE } from '../constants';
import { safeText } from '../input-bounds';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../status';
import { customerPageFacts, customerPageSchema } from './customer-paging';

// Checkout and the customer's own orders (D5, D6; docs/product.md §6): declared by the
// server, checked by the web app.

export const checkoutCreatedSchema = z.object({ url: z.string(), orderId: z.number() });

export const orderStatusSchema = z.object({ status: z.enum(ORDER_STATUSES) });

export const sessionParamsSchema = z.strictObject({ sessionId: safeText(100, { min: 1 }) });
export const sessionPaymentStatusSchema = z.object({ paymentStatus: z.string().nullable() });

const myInvoiceSchema = z.object({
  id: z.number().describe('the payment id, which the PDF route takes'),
  invoice: z.string().describe('INV- and the invoice number padded to 4 (D4)'),
  date: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  pdfPath: z.string(),
});
export type MyInvoice = z.infer<typeof myInvoiceSchema>;

export const myOrderSchema = z.object({
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
    .array(myInvoiceSchema)
    .describe('a paid, completed or refunded order: its invoices, newest first'),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrdersQuerySchema = z.strictObject({
  page: customerPageSchema(CUSTOMER_ORDERS_PAGE_SIZE),
  status: z.enum(ORDER_STATUSES).optional(),
});
export const myOrdersPageSchema = z.object({ orders: z.array(myOrderSchema), ...customerPageFacts });

/** Where the browser goes next: a provider's checkout page. */
export const checkoutUrlSchema = z.object({ url: z.string() });
