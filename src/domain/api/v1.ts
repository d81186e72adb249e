import { z } from 'zod';
import { safeText } from '../input-bounds';
import { paymentInstructionsSchema } from '../payment-details';
import { checkoutRequestSchema } from '../pricing';
import { ORDER_STATUSES } from '../status';
import { addedPanelsSchema, addPanelsBodySchema } from './add-panels';
import { subscriptionSchema } from './billing';
import {
  access,
  type EndpointDocs,
  type EndpointExample,
  type EndpointRoute,
  endpointsUnder,
} from './endpoint';
import { refusal, stateConflict } from './endpoint-errors';
import { apiErrorSchema } from './errors';
import { ADD_PANELS_ERRORS, ADDITION_PENDING, CHECKOUT_ERRORS, PANEL_ENDED } from './order-errors';
import { myOrderSchema } from './orders';
import { panelRenewalFields } from './panels';
import { ORDER_IN_PATH, PANEL_IN_PATH } from './path-params';
import { subscriptionSwitch } from './subscription-switch';

// The public API, /api/v1 (docs/decisions/0011-api-keys.md): called with an API key, paged by
// cursor. Its objects have the shapes the customer's own pages use.

export const V1_DEFAULT_LIMIT = 25;
export const V1_MAX_LIMIT = 100;

const pagingQuery = {
  limit: z.coerce
    .number({ error: `limit is a whole number from 1 to ${V1_MAX_LIMIT}.` })
    .int(`limit is a whole number from 1 to ${V1_MAX_LIMIT}.`)
    .min(1, `limit is a whole number from 1 to ${V1_MAX_LIMIT}.`)
    .max(V1_MAX_LIMIT, `limit is a whole number from 1 to ${V1_MAX_LIMIT}.`)
    .default(V1_DEFAULT_LIMIT),
  cursor: safeText(200, { min: 1 })
    .optional()
    .describe('next_cursor of the previous page; omitted for the first page'),
};

/** Rows and where the next page starts; null when this page is the last. */
const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });

/** What the customer sees of a panel: active, or past (expired, revoked by a refund, or replaced under the warranty). */
export const V1_PANEL_STATUSES = ['active', 'expired', 'refunded', 'replaced'] as const;
export type V1PanelStatus = (typeof V1_PANEL_STATUSES)[number];

export const v1PanelSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  email: z.string(),
  purchaseDate: z.string().nullable(),
  status: z.enum(V1_PANEL_STATUSES),
  domains: z.number().int(),
  currentMailboxes: z.number().int(),
  maxMailboxes: z.number().int(),
  ...panelRenewalFields,
});
export const v1PanelDetailSchema = v1PanelSchema.extend({
  password: z.string().nullable().describe("an active panel's password (audit-logged); null once it ended"),
});

export const v1PanelsQuerySchema = z.strictObject({
  ...pagingQuery,
  status: z.enum(V1_PANEL_STATUSES).optional(),
});
export const v1PanelsPageSchema = page(v1PanelSchema);

export const v1OrdersQuerySchema = z.strictObject({
  ...pagingQuery,
  status: z.enum(ORDER_STATUSES).optional(),
});
export const v1OrderSchema = myOrderSchema;
export const v1OrdersPageSchema = page(v1OrderSchema);

export const v1SubscriptionsQuerySchema = z.strictObject(pagingQuery);
export const v1SubscriptionsPageSchema = page(subscriptionSchema);

// The writes (read_write keys only). A new order is priced on the server from the same
// selection the customer's checkout takes; nothing a client sends is a price.

export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_KEY_MESSAGE = `Idempotency-Key is 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters (no spaces), such as a UUID.`;

/** Headers of a write that honours Idempotency-Key; every other header passes through unread. */
export const v1IdempotentHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`), IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .describe(
      'Optional. Retrying with the same key and body within 24 hours returns the first answer and creates nothing more; the same key with another body is a 409.',
    ),
});

/** Panels joining one of the key owner's running subscriptions until its renewal date (D8). */
export const v1AddPanelsBodySchema = z.strictObject({
  addToOrderId: z
    .number()
    .int()
    .positive()
    .describe('the order (subscription) whose renewal date the panels join'),
  ...addPanelsBodySchema.shape,
});

/** A new order (a new period of its own), or panels added to a running one's period. */
export const v1OrderCreateBodySchema = z.union([checkoutRequestSchema, v1AddPanelsBodySchema]);
export type V1OrderCreateBody = z.output<typeof v1OrderCreateBodySchema>;

export const v1OrderCreatedSchema = z.object({
  order: v1OrderSchema,
  checkoutUrl: z
    .string()
    .nullable()
    .describe("a card order: the payment provider's checkout page to send the payer to"),
  paymentInstructions: paymentInstructionsSchema
    .nullable()
    .describe('a bank transfer or crypto order: the amount, reference, pay-by date and where to pay'),
  addedPanels: addedPanelsSchema
    .optional()
    .describe(
      'with addToOrderId: the panels given to the order and the pro-rata charge taken at once; for a bank transfer or crypto order, nothing yet and the invoice to pay (awaitingPayment)',
    ),
});
export type V1OrderCreated = z.infer<typeof v1OrderCreatedSchema>;

export const v1SubscriptionSchema = subscriptionSchema;

/** The OpenAPI security scheme every /api/v1 operation names (registered in the server's wiring/http.ts). */
export const V1_SECURITY_SCHEME = 'apiKey';
const v1Security = [{ [V1_SECURITY_SCHEME]: [] }];
// Every refusal a client of the public API must handle, in the one error shape (D14).
const v1Refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
};
const INVALID_CURSOR = refusal(400, 'invalid_cursor', 'the cursor is not a next_cursor this list gave out');
const v1Endpoint = <D extends EndpointDocs>(route: EndpointRoute, docs: D) =>
  endpointsUnder('api v1')(route, { security: v1Security, ...docs });

/** A page of one of the key owner's lists, for any key: a cursor the list did not give out is refused. */
const v1List = <Q extends z.ZodType, P extends z.ZodType>(
  route: EndpointRoute,
  { page, ...docs }: { example: EndpointExample; summary: string; querystring: Q; page: P },
) =>
  v1Endpoint(route, {
    access: access.key('read', 'orders.read'),
    errors: [INVALID_CURSOR],
    ...docs,
    response: { 200: page, ...v1Refusals },
  });

/** One of the key owner's rows, by its id: 404 when the key's owner has none such. */
const v1Item = <A extends z.ZodType, R extends z.ZodType>(
  route: EndpointRoute,
  { row, ...docs }: { example: EndpointExample; summary: string; params: A; row: R },
) =>
  v1Endpoint(route, {
    access: access.keyOwner('read', 'orders.read'),
    ...docs,
    response: { 200: row, ...v1Refusals, 404: apiErrorSchema },
  });

/** The public API's reads (docs/decisions/0011-api-keys.md), for any key of the owner's. */
export const v1Api = {
  panels: v1List('GET /api/v1/panels', {
    example: { query: { limit: '50', status: 'active' } },
    summary: "A page of the key owner's panels, current and past, newest first (no passwords)",
    querystring: v1PanelsQuerySchema,
    page: v1PanelsPageSchema,
  }),

  panel: v1Item('GET /api/v1/panels/:panelId', {
    summary: "One of the key owner's panels with its password while active (audit-logged)",
    ...PANEL_IN_PATH,
    row: v1PanelDetailSchema,
  }),

  orders: v1List('GET /api/v1/orders', {
    example: { query: { limit: '25', status: 'completed' } },
    summary: "A page of the key owner's orders (every status unless filtered), newest first",
    querystring: v1OrdersQuerySchema,
    page: v1OrdersPageSchema,
  }),

  order: v1Item('GET /api/v1/orders/:orderId', {
    summary: "One of the key owner's orders",
    ...ORDER_IN_PATH,
    row: v1OrderSchema,
  }),

  subscriptions: v1List('GET /api/v1/subscriptions', {
    example: { query: { limit: '25' } },
    summary: "A page of the key owner's subscriptions (every paid order), newest first",
    querystring: v1SubscriptionsQuerySchema,
    page: v1SubscriptionsPageSchema,
  }),
};

const IDEMPOTENCY_ERRORS = [
  stateConflict('idempotency_key_reused', 'the Idempotency-Key came with another body in the last 24 hours'),
  stateConflict('idempotency_in_progress', 'a request with this Idempotency-Key is still being answered'),
];
const v1SubscriptionSwitch = subscriptionSwitch(
  v1Endpoint,
  '/api/v1/subscriptions/:orderId',
  {
    access: access.keyOwner('read_write', 'billing.manage'),
    response: { 200: v1SubscriptionSchema, ...v1Refusals, 404: apiErrorSchema, 409: apiErrorSchema },
  },
  {
    cancel: "Cancel one of the key owner's subscriptions at the end of its paid period",
    resume: 'Undo a cancellation before the paid period ends',
  },
);

/** Cancel and resume of one panel: the same but for the path's last word and the summary. */
const v1PanelSwitch = {
  access: access.keyOwner('read_write', 'billing.manage'),
  errors: [PANEL_ENDED, stateConflict('subscription_inactive', "the panel's subscription is not running")],
  ...PANEL_IN_PATH,
  response: { 200: v1PanelSchema, ...v1Refusals, 404: apiErrorSchema, 409: apiErrorSchema },
};

/** The public API's writes (docs/decisions/0011-api-keys.md): read_write keys only. */
export const v1WriteApi = {
  createOrder: v1Endpoint('POST /api/v1/orders', {
    access: access.key('read_write', 'orders.buy'),
    errors: [
      ...CHECKOUT_ERRORS,
      refusal(404, 'not_found', 'addToOrderId is not one of the key owner’s orders'),
      ...ADD_PANELS_ERRORS,
      stateConflict('not_enough_stock', 'the stock cannot cover the added panels now'),
      stateConflict('quote_changed', 'quotedCents is not the pro-rata price now; nothing was charged'),
      ADDITION_PENDING,
      ...IDEMPOTENCY_ERRORS,
    ],
    example: {
      headers: { 'idempotency-key': '5f1c7a0e-8a53-4c4e-9a51-7d0f2b8c9e11' },
      body: { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' },
    },
    summary:
      'Order a plan: priced on the server, answered with the checkout page (card) or the payment instructions (bank transfer, crypto)',
    description:
      'To add panels to a running subscription instead, send `addToOrderId` and `panels` (and the `quotedCents` shown from GET /api/me/orders/:orderId/add-panels): they join its renewal date, are charged pro rata for the days left at once, and renew with the rest. A bank transfer or crypto subscription is invoiced instead (`addedPanels.awaitingPayment`: amount, reference, where to pay); the panels are given when the payment is recorded.',
    headers: v1IdempotentHeadersSchema,
    body: v1OrderCreateBodySchema,
    response: {
      201: v1OrderCreatedSchema,
      ...v1Refusals,
      404: apiErrorSchema,
      409: apiErrorSchema,
      502: apiErrorSchema,
    },
  }),

  cancelSubscription: v1SubscriptionSwitch.cancel,
  resumeSubscription: v1SubscriptionSwitch.resume,

  cancelPanel: v1Endpoint('POST /api/v1/panels/:panelId/cancel', {
    ...v1PanelSwitch,
    summary:
      "Cancel one of the key owner's panels at its period end: it stays active until then and is not renewed",
  }),

  resumePanel: v1Endpoint('POST /api/v1/panels/:panelId/resume', {
    ...v1PanelSwitch,
    summary: "Undo a panel's cancellation before its period ends",
  }),
};
