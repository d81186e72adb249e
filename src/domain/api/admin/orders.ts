import { z } from 'zod';
import { CANCEL_REASONS } from '../../cancel-reasons';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../constants';
import { safeText } from '../../input-bounds';
import { ORDER_STATUSES, PANEL_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../status';
import { panelAdditionSchema } from '../panel-additions';
import { pageResponse, pageSchema, searchSchema, sortSchema, timestamp } from './paging';

// Orders (D5, D6, D8, D11): declared by the server, checked by the web app.

export const ordersExportQuerySchema = z.strictObject({
  search: searchSchema.describe('An order number, or part of the customer e-mail or name (3+ characters)'),
  status: z.enum(ORDER_STATUSES).optional(),
});
export const ordersQuerySchema = ordersExportQuerySchema.extend({
  page: pageSchema(ADMIN_ORDERS_PAGE_SIZE),
  sort: sortSchema,
});
export type OrderSort = z.output<typeof sortSchema>;

/** null once the customer deleted their account (orders are kept for accounting, D9). */
const customerSchema = z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable();

export const adminOrderSchema = z.object({
  id: z.number().int(),
  customer: customerSchema.describe(
    "The documented 'User #id', with the customer's e-mail; null once deleted",
  ),
  planId: z.string(),
  quantity: z.number().int(),
  delivered: z.number().int(),
  totalCents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersPageSchema = pageResponse(adminOrderSchema);

export const orderDetailSchema = z.object({
  order: z.object({
    id: z.number().int(),
    userId: z.string().nullable(),
    planId: z.string(),
    additionalPanels: z.number().int(),
    quantity: z.number().int(),
    restockedPanels: z
      .number()
      .int()
      .describe('panels that ended on the order and went back to stock: delivered, no longer listed'),
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
  /** A late-delivery credit waiting for the next renewal (docs/product.md §10); 0 when none. */
  pendingCreditCents: z.number().int().nonnegative(),
  /** What the next renewal pays for: the panels that renew and their price (docs/decisions/0017). */
  renewal: z.object({ panels: z.number().int().nonnegative(), amountCents: z.number().int().nonnegative() }),
  payments: z.array(
    z.object({
      id: z.number().int(),
      invoice: z.string().nullable().describe("'INV-0001'; null only while its transaction commits"),
      creditNote: z
        .object({ id: z.number().int(), label: z.string() })
        .nullable()
        .describe(
          "a refunded payment's credit note ('CN-0001'), its PDF at /api/admin/credit-notes/{id}/pdf",
        ),
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
      cancelAtPeriodEnd: z.boolean().describe('canceled: it runs to the period end and is not renewed'),
      renewsAt: timestamp.nullable().describe('the period end while the panel renews with its order'),
      endsAt: timestamp
        .nullable()
        .describe(
          'when a canceled panel stops (its period end, or the end a renewal paid without it fixed), or when it ended',
        ),
    }),
  ),
  panelAdditions: z
    .array(panelAdditionSchema)
    .describe(
      'panels the customer asked to add (bank transfer, crypto), newest first: pending ones wait for the money',
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
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderCanceledSchema = z.object({ status: z.enum(ORDER_STATUSES) });
export const orderMarkedPaidSchema = z.object({ paid: z.boolean() });

export const renewalBodySchema = z.strictObject({
  amountCents: z.number().int().min(1).max(100_000_000).describe('the amount received, in cents'),
  reference: safeText(200, { trim: true })
    .optional()
    .describe("the bank's transfer reference or the transaction hash (audit log)"),
  forPeriodEnd: z.iso
    .datetime({ offset: true })
    .describe('the current period end as shown; a repeat for the same period records nothing'),
});
export const renewalRecordedSchema = z.object({
  recorded: z.boolean().describe('false: this renewal was already recorded, nothing changed'),
  periodEnd: timestamp.nullable(),
  invoice: z.string().nullable(),
});
