import { z } from 'zod';
import { deleteAccountSchema, profileSchema, settingsSchema } from '../account-schemas';
import { checkoutRequestSchema } from '../pricing';
import { WEBHOOK_SENDS_PER_MINUTE } from '../webhooks';
import { meSchema, profileResponseSchema } from './account';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
} from './api-keys';
import { creditNoteParamsSchema } from './billing';
import { billingProfileResponseSchema, billingProfileSchema, taxTreatmentSchema } from './billing-profile';
import { access, endpointsUnder } from './endpoint';
import { refusal, stateConflict } from './endpoint-errors';
import { apiErrorSchema } from './errors';
import { CHECKOUT_ERRORS } from './order-errors';
import {
  checkoutCreatedSchema,
  checkoutUrlSchema,
  myOrderSchema,
  myOrdersPageSchema,
  myOrdersQuerySchema,
  orderStatusSchema,
  sessionParamsSchema,
  sessionPaymentStatusSchema,
} from './orders';
import {
  activePanelsPageSchema,
  activePanelsQuerySchema,
  pastPanelsPageSchema,
  pastPanelsQuerySchema,
  revealBodySchema,
  revealedPasswordsSchema,
} from './panels';
import { ORDER_ID_IN_PATH, ORDER_IN_PATH, panelParamsSchema } from './path-params';
import { myReplacementSchema, myReplacementsSchema, reportProblemBodySchema } from './replacements';
import {
  createdWebhookEndpointSchema,
  createWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookParamsSchema,
} from './webhooks';

// Every customer endpoint of the API (D14), in one place: the API's table of contents. Each is
// served by its capability's route file in src/server; the schemas live beside their capability.

const accountEndpoint = endpointsUnder('account');
const apiKeysEndpoint = endpointsUnder('api keys');
const ordersEndpoint = endpointsUnder('orders');
const webhooksEndpoint = endpointsUnder('webhooks');
const billingEndpoint = endpointsUnder('billing');

const WEBHOOK_SEND_ERRORS = [
  stateConflict('webhook_endpoint_disabled', 'the endpoint was turned off after 3 days of failures'),
  refusal(429, 'rate_limited', `more than ${WEBHOOK_SENDS_PER_MINUTE} tests and resends in a minute`),
];

export const accountApi = {
  me: accountEndpoint('GET /api/me', {
    access: access.public,
    summary: 'The signed-in user, or null',
    response: { 200: meSchema },
  }),

  profile: accountEndpoint('GET /api/me/profile', {
    access: access.user,
    errors: [refusal(404, 'not_found', 'the account was deleted meanwhile')],
    response: { 200: profileResponseSchema },
  }),

  saveProfile: accountEndpoint('PUT /api/me/profile', {
    access: access.user,
    errors: [refusal(400, 'bad_request', 'the new country does not fit the VAT number on file')],
    example: {
      body: { fullName: 'Carol Meyer', companyName: 'Carol GmbH', phone: '+49 30 1234567', country: 'DE' },
    },
    body: profileSchema,
    response: { 200: profileResponseSchema },
  }),

  settings: accountEndpoint('GET /api/me/settings', {
    access: access.user,
    response: { 200: settingsSchema },
  }),

  saveSettings: accountEndpoint('PUT /api/me/settings', {
    access: access.user,
    example: {
      body: { emailNotifications: true, marketingEmails: false, orderUpdates: true, sessionTimeout: true },
    },
    body: settingsSchema,
    response: { 200: settingsSchema },
  }),

  deleteAccount: accountEndpoint('POST /api/me/delete', {
    access: access.user,
    errors: [
      refusal(400, 'confirmation_mismatch', "the typed e-mail is not the account's"),
      stateConflict('last_admin', 'the account is the last admin'),
      stateConflict(
        'owns_shared_workspace',
        'the account owns a workspace other people belong to: hand its ownership over or remove the members first',
      ),
    ],
    example: { body: { confirmEmail: 'carol@example.com' } },
    summary:
      "Delete the account after the user typed their e-mail (the last admin, or the owner of a workspace with other members, cannot: 409); in the workspaces it owned, live subscriptions end and orders waiting for stock are canceled and refunded; orders it placed in other people's workspaces stay there",
    body: deleteAccountSchema,
    response: { 204: z.null() },
  }),
};

export const apiKeysApi = {
  list: apiKeysEndpoint('GET /api/me/api-keys', {
    access: access.member('integrations.manage'),
    summary: "The customer's API keys in force (never the keys themselves)",
    response: { 200: apiKeyListSchema },
  }),

  create: apiKeysEndpoint('POST /api/me/api-keys', {
    access: access.member('integrations.manage'),
    errors: [stateConflict('too_many_api_keys', 'the account holds the most keys it may')],
    example: { body: { name: 'Warehouse sync', scope: 'read' } },
    summary: 'Create an API key; the answer carries the whole key, this once (audit-logged)',
    body: createApiKeyBodySchema,
    response: { 201: createdApiKeySchema },
  }),

  revoke: apiKeysEndpoint('DELETE /api/me/api-keys/:keyId', {
    access: access.owner('integrations.manage'),
    example: { params: { keyId: '7' } },
    summary: "Revoke one of the customer's API keys: refused from the next request on (audit-logged)",
    params: apiKeyParamsSchema,
    response: { 204: z.null() },
  }),
};

export const ordersApi = {
  checkout: ordersEndpoint('POST /api/checkout', {
    access: access.member('orders.buy'),
    errors: CHECKOUT_ERRORS,
    example: { body: { planId: 'basic', additionalPanels: 0, method: 'card' } },
    summary: 'Price the selection on the server, create the order and open the provider checkout',
    body: checkoutRequestSchema,
    response: { 200: checkoutCreatedSchema },
  }),

  status: ordersEndpoint('GET /api/orders/:id/status', {
    access: access.owner('orders.read'),
    summary: "An order's status (owner only)",
    ...ORDER_ID_IN_PATH,
    response: { 200: orderStatusSchema },
  }),

  abandon: ordersEndpoint('POST /api/orders/:id/abandon', {
    access: access.owner('orders.buy'),
    summary:
      'Cancel an unpaid order: the customer left the checkout, or canceled a bank transfer or crypto order',
    ...ORDER_ID_IN_PATH,
    response: { 200: orderStatusSchema },
  }),

  paymentStatusOfSession: ordersEndpoint('GET /api/payments/by-session/:sessionId', {
    // Another customer's session reads as no payment yet, not as a 404.
    access: access.member('orders.read'),
    example: { params: { sessionId: 'cs_test_a1b2c3' } },
    summary: 'The payment status for a checkout session (owner only); null while there is none',
    params: sessionParamsSchema,
    response: { 200: sessionPaymentStatusSchema },
  }),
};

export const myOrdersApi = {
  page: ordersEndpoint('GET /api/me/orders', {
    access: access.member('orders.read'),
    example: { query: { page: '2' } },
    summary: "A page of the customer's orders (every status), newest first, with where each leads",
    querystring: myOrdersQuerySchema,
    response: { 200: myOrdersPageSchema },
  }),

  one: ordersEndpoint('GET /api/me/orders/:orderId', {
    access: access.owner('orders.read'),
    summary: "One of the customer's orders (owner only)",
    ...ORDER_IN_PATH,
    response: { 200: myOrderSchema },
  }),

  resumeCheckout: ordersEndpoint('POST /api/me/orders/:orderId/checkout', {
    access: access.owner('orders.buy'),
    errors: [
      stateConflict('not_awaiting_card_payment', 'the order is not waiting for a card payment'),
      stateConflict('checkout_already_paid', 'the checkout was paid meanwhile'),
      stateConflict('checkout_closed', 'the provider closed the checkout'),
      refusal(502, 'provider_unavailable', 'the payment provider did not answer'),
    ],
    summary: "Resume a card order's checkout while the provider still has it open (owner only)",
    ...ORDER_IN_PATH,
    response: { 200: checkoutUrlSchema },
  }),
};

export const myPanelsApi = {
  current: ordersEndpoint('GET /api/me/panels', {
    access: access.member('orders.read'),
    example: { query: { search: 'sales@', page: '1' } },
    summary: "A page of the customer's active panels, searched by e-mail (passwords are revealed separately)",
    querystring: activePanelsQuerySchema,
    response: { 200: activePanelsPageSchema },
  }),

  past: ordersEndpoint('GET /api/me/panels/past', {
    access: access.member('orders.read'),
    example: { query: { page: '1' } },
    summary: "A page of the customer's expired and refunded panels (never their passwords)",
    querystring: pastPanelsQuerySchema,
    response: { 200: pastPanelsPageSchema },
  }),

  // Listed in the document beside the other paid-for things.
  reveal: billingEndpoint('POST /api/me/panels/reveal', {
    access: access.member('panels.credentials'),
    example: { body: { ids: [17], purpose: 'reveal' } },
    summary: 'Decrypt own panel passwords for display or export (audit-logged)',
    body: revealBodySchema,
    response: { 200: revealedPasswordsSchema },
  }),
};

/** The endpoint each one names in its path. */
const WEBHOOK_IN_PATH = { example: { params: { endpointId: '3' } }, params: webhookParamsSchema };

export const webhooksApi = {
  list: webhooksEndpoint('GET /api/me/webhooks', {
    access: access.member('integrations.manage'),
    summary: "The customer's webhook endpoints (never their secrets)",
    response: { 200: webhookEndpointListSchema },
  }),

  create: webhooksEndpoint('POST /api/me/webhooks', {
    access: access.member('integrations.manage'),
    errors: [
      refusal(400, 'webhook_url_refused', 'the URL does not reach a public address'),
      stateConflict('too_many_webhook_endpoints', 'the account has the most endpoints it may'),
    ],
    example: { body: { url: 'https://example.com/webhooks', events: ['order.paid'] } },
    summary:
      'Add a webhook endpoint; the URL must reach a public address. The answer carries the signing secret, this once (audit-logged)',
    body: createWebhookBodySchema,
    response: { 201: createdWebhookEndpointSchema },
  }),

  remove: webhooksEndpoint('DELETE /api/me/webhooks/:endpointId', {
    access: access.owner('integrations.manage'),
    summary: 'Delete a webhook endpoint and its delivery log; nothing more is sent to it (audit-logged)',
    ...WEBHOOK_IN_PATH,
    response: { 204: z.null() },
  }),

  deliveries: webhooksEndpoint('GET /api/me/webhooks/:endpointId/deliveries', {
    access: access.owner('integrations.manage'),
    summary: "An endpoint's latest 100 deliveries, newest first",
    ...WEBHOOK_IN_PATH,
    response: { 200: webhookDeliveryListSchema },
  }),

  sendTest: webhooksEndpoint('POST /api/me/webhooks/:endpointId/test', {
    access: access.owner('integrations.manage'),
    errors: WEBHOOK_SEND_ERRORS,
    summary: `Queue a webhook.test event to this endpoint (with resends, at most ${WEBHOOK_SENDS_PER_MINUTE} a minute per endpoint)`,
    ...WEBHOOK_IN_PATH,
    response: { 202: webhookDeliverySchema, 429: apiErrorSchema },
  }),

  resend: webhooksEndpoint('POST /api/me/webhooks/:endpointId/deliveries/:deliveryId/resend', {
    access: access.owner('integrations.manage'),
    errors: [
      ...WEBHOOK_SEND_ERRORS,
      stateConflict('webhook_already_queued', 'the message is still queued for this endpoint'),
    ],
    example: { params: { endpointId: '3', deliveryId: '120' } },
    summary: `Queue a delivered or given-up message again, with the same webhook-id and body (with test events, at most ${WEBHOOK_SENDS_PER_MINUTE} a minute per endpoint)`,
    params: webhookDeliveryParamsSchema,
    response: { 202: webhookDeliverySchema, 429: apiErrorSchema },
  }),
};

// The replacement warranty (docs/product.md §11), beside the orders whose panels it replaces.
export const replacementsApi = {
  mine: ordersEndpoint('GET /api/me/replacements', {
    access: access.member('orders.read'),
    summary: "The customer's panel replacement requests, newest first",
    response: { 200: myReplacementsSchema },
  }),

  report: ordersEndpoint('POST /api/me/panels/:panelId/replacement-request', {
    access: access.owner('panels.replace'),
    errors: [
      stateConflict('panel_not_active', 'the panel is not active'),
      stateConflict('replacement_reported_recently', 'a replacement of it was rejected moments ago'),
      stateConflict('replacement_already_open', 'a request for it is already open'),
      stateConflict('replacement_limit_reached', 'its replacements this period are used up'),
    ],
    example: {
      params: { panelId: '17' },
      body: { reason: 'cannot_sign_in', note: 'The password is refused.' },
    },
    summary: 'Report a problem with an active panel and ask for a replacement',
    params: panelParamsSchema,
    body: reportProblemBodySchema,
    response: { 201: myReplacementSchema },
  }),
};

// Who invoices are made out to, and the credit notes of refunds (docs/decisions/0013).
export const billingProfileApi = {
  get: billingEndpoint('GET /api/me/billing-profile', {
    access: access.member('billing.read'),
    summary: 'Who invoices are made out to',
    response: { 200: billingProfileResponseSchema },
  }),

  save: billingEndpoint('PUT /api/me/billing-profile', {
    access: access.member('billing.manage'),
    example: {
      body: {
        companyName: 'Carol GmbH',
        address: 'Hauptstr. 1\n10115 Berlin',
        country: 'DE',
        taxNumber: 'DE123456789',
        invoiceEmail: 'invoices@example.com',
      },
    },
    summary: 'Change who new invoices are made out to',
    body: billingProfileSchema,
    response: { 200: billingProfileResponseSchema },
  }),

  tax: billingEndpoint('GET /api/me/tax', {
    access: access.member('billing.read'),
    summary: 'How new orders are taxed: the VAT rate, and whether reverse charge applies',
    response: { 200: taxTreatmentSchema },
  }),

  // A PDF file: no JSON response to declare.
  creditNote: billingEndpoint('GET /api/me/credit-notes/:creditNoteId/pdf', {
    access: access.owner('billing.read'),
    example: { params: { creditNoteId: '5' } },
    summary: 'A refund as a PDF credit note',
    params: creditNoteParamsSchema,
  }),
};
