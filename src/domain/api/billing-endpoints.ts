import {
  addedPanelsSchema,
  addPanelsBodySchema,
  addPanelsQuerySchema,
  addPanelsQuoteSchema,
} from './add-panels';
import {
  billingPortalBodySchema,
  billingPortalSchema,
  billingSummarySchema,
  cancelAtPeriodEndSchema,
  dashboardSummarySchema,
  invoiceParamsSchema,
  refundRequestBodySchema,
  refundRequestCreatedSchema,
} from './billing';
import { access, endpointsUnder } from './endpoint';
import { refusal, stateConflict } from './endpoint-errors';
import { apiErrorSchema } from './errors';
import { ADD_PANELS_ERRORS, ADDITION_PENDING, PANEL_ENDED } from './order-errors';
import { myPanelAdditionsSchema } from './panel-additions';
import { panelBillingChangeSchema, panelSelectionSchema } from './panels';
import { myPastDueSchema, payNowSchema } from './past-due';
import { ORDER_IN_PATH, orderParamsSchema } from './path-params';
import { subscriptionSwitch } from './subscription-switch';

// The customer's after-purchase endpoints (D7, D8, D12): the dashboard, billing and what a
// subscription can do. Served by src/server/billing/routes.ts.

const endpoint = endpointsUnder('billing');

/** Cancel and resume of some of the customer's panels, all of them or nothing: the same but for the words. */
const PANEL_SELECTION = {
  access: access.member('billing.manage'),
  errors: [
    refusal(404, 'not_found', 'a panel named is not one of the customer’s'),
    PANEL_ENDED,
    stateConflict('subscription_inactive', "a panel's subscription is not running"),
  ],
  body: panelSelectionSchema,
  response: { 200: panelBillingChangeSchema, 404: apiErrorSchema, 409: apiErrorSchema },
};

export const billingApi = {
  dashboard: endpoint('GET /api/me/dashboard', {
    access: access.member('orders.read'),
    summary: 'Dashboard figures and panels on their way',
    response: { 200: dashboardSummarySchema },
  }),

  summary: endpoint('GET /api/me/billing', {
    access: access.member('billing.read'),
    summary: 'Totals, purchase history and subscriptions',
    response: { 200: billingSummarySchema },
  }),

  ...subscriptionSwitch(
    endpoint,
    '/api/me/subscriptions/:orderId',
    {
      access: access.owner('billing.manage'),
      response: { 200: cancelAtPeriodEndSchema, 409: apiErrorSchema },
    },
    {
      cancel: 'Cancel at the end of the paid period',
      resume: 'Undo a cancellation before the period ends',
    },
  ),

  cancelPanels: endpoint('POST /api/me/panels/cancel', {
    ...PANEL_SELECTION,
    example: { body: { panelIds: [17, 18] } },
    summary:
      "Cancel some of the customer's panels at their period end: each stays active until then and is not renewed (no pro-rated refund)",
  }),

  resumePanels: endpoint('POST /api/me/panels/resume', {
    ...PANEL_SELECTION,
    example: { body: { panelIds: [17] } },
    summary: 'Undo the cancel of some of the customer’s panels before their period ends: they renew again',
  }),

  addPanelsQuote: endpoint('GET /api/me/orders/:orderId/add-panels', {
    access: access.owner('orders.buy'),
    errors: ADD_PANELS_ERRORS,
    example: { params: { orderId: '42' }, query: { panels: '2' } },
    summary:
      'The price of panels joining a subscription’s renewal date: the days left of the period, to the cent',
    params: orderParamsSchema,
    querystring: addPanelsQuerySchema,
    response: { 200: addPanelsQuoteSchema, 409: apiErrorSchema },
  }),

  addPanels: endpoint('POST /api/me/orders/:orderId/add-panels', {
    access: access.owner('orders.buy'),
    errors: [
      ...ADD_PANELS_ERRORS,
      stateConflict('not_enough_stock', 'the stock cannot cover the panels now'),
      stateConflict('quote_changed', 'quotedCents is not the price now; nothing was charged'),
      ADDITION_PENDING,
    ],
    example: { params: { orderId: '42' }, body: { panels: 2, quotedCents: 40_000 } },
    summary:
      'Add panels to a subscription until its renewal date: charged pro rata at once (bank transfer, crypto: invoiced, given once the payment is recorded), then renewed with the rest',
    params: orderParamsSchema,
    body: addPanelsBodySchema,
    response: { 200: addedPanelsSchema, 409: apiErrorSchema },
  }),

  panelAdditions: endpoint('GET /api/me/panel-additions', {
    access: access.member('billing.read'),
    summary:
      'Panels asked for on bank transfer or crypto subscriptions and still waiting for their payment: the amount, the reference and where to pay',
    response: { 200: myPanelAdditionsSchema },
  }),

  // The order is named in the body, not the path: the service answers another's with 404.
  portal: endpoint('POST /api/me/billing/portal', {
    access: access.member('billing.manage'),
    errors: [
      refusal(404, 'not_found', 'no such order of the customer'),
      stateConflict('no_portal', "the order's provider has no portal (bank transfer, crypto, sandbox)"),
    ],
    example: { body: { orderId: 42 } },
    summary: "Stripe's customer portal for an order's subscription",
    body: billingPortalBodySchema,
    response: { 200: billingPortalSchema, 409: apiErrorSchema },
  }),

  refundRequest: endpoint('POST /api/me/orders/:orderId/refund-request', {
    access: access.owner('billing.manage'),
    errors: [
      stateConflict('not_refundable', 'the order is not paid'),
      stateConflict('refund_window_closed', 'the order is older than 14 days'),
      stateConflict('refund_already_requested', 'a request for it is already waiting'),
    ],
    example: { params: { orderId: '42' }, body: { reason: 'It does not suit us.' } },
    summary: 'Ask for the 14-day money-back refund',
    params: orderParamsSchema,
    body: refundRequestBodySchema,
    response: { 200: refundRequestCreatedSchema, 409: apiErrorSchema },
  }),

  pastDue: endpoint('GET /api/me/past-due', {
    access: access.member('orders.read'),
    summary: "The customer's past-due subscriptions, each with its next dunning step and what 'Pay now' does",
    response: { 200: myPastDueSchema },
  }),

  payNow: endpoint('POST /api/me/subscriptions/:orderId/pay-now', {
    access: access.owner('billing.manage'),
    errors: [stateConflict('not_past_due', 'the renewal is not past due: paid meanwhile, or ended')],
    summary:
      'Pay a past-due renewal now: the card on file is charged at once (sandbox), or the answer leads to the bank or crypto instructions or to the provider’s portal',
    ...ORDER_IN_PATH,
    response: { 200: payNowSchema, 409: apiErrorSchema },
  }),

  // A PDF file: no JSON response to declare.
  invoice: endpoint('GET /api/me/invoices/:paymentId/pdf', {
    access: access.owner('billing.read'),
    example: { params: { paymentId: '31' } },
    summary: 'A payment as a PDF invoice',
    params: invoiceParamsSchema,
  }),
};
