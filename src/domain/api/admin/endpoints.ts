import { z } from 'zod';
import { alertSettingsSchema } from '../../email-preferences';
import { creditNoteParamsSchema } from '../billing';
import { access, endpointsFor } from '../endpoint';
import { refusal, stateConflict } from '../endpoint-errors';
import { apiErrorSchema } from '../errors';
import {
  additionRecordedSchema,
  panelAdditionParamsSchema,
  recordAdditionBodySchema,
} from '../panel-additions';
import { revealedPasswordsSchema } from '../panels';
import { adminPastDuePageSchema, adminPastDueQuerySchema } from '../past-due';
import { ORDER_ID_IN_PATH } from '../path-params';
import {
  rejectReplacementBodySchema,
  replacementQueueQuerySchema,
  replacementQueueSchema,
  replaceOutcomeSchema,
} from '../replacements';
import { auditPageSchema, auditQuerySchema } from './audit';
import {
  customerDetailSchema,
  customerRoleChangedSchema,
  customerRoleSchema,
  customersPageSchema,
  customersQuerySchema,
  userParamsSchema,
} from './customers';
import { fulfillmentQueueSchema } from './fulfillment';
import {
  adminOrdersPageSchema,
  orderCanceledSchema,
  orderDetailSchema,
  orderMarkedPaidSchema,
  ordersExportQuerySchema,
  ordersQuerySchema,
  renewalBodySchema,
  renewalRecordedSchema,
} from './orders';
import { idParams } from './paging';
import { newPanelSchema } from './panel-input';
import {
  adminPanelsPageSchema,
  adminRevealBodySchema,
  importReportSchema,
  panelsExportQuerySchema,
  panelsQuerySchema,
  restockBodySchema,
  stockChangeSchema,
} from './panels';
import {
  refundDecidedSchema,
  refundDenyBodySchema,
  refundQueueQuerySchema,
  refundQueueSchema,
} from './refunds';
import { advanceClockBodySchema, sandboxClockSchema } from './sandbox-clock';
import { adminStatsSchema } from './stats';
import { emailRetriedSchema, systemStatusSchema } from './system';

// Every admin endpoint of the API (D11, D14), in one place: the admin console's table of contents.
// Served by the route files under src/server/admin; the schemas live beside their capability.

/** Every endpoint of the console is for admins only (one guard, installed by serve). */
const endpoint = endpointsFor(access.admin, 'admin');

const NOT_FOUND = refusal(404, 'not_found', 'no such object');
const SEARCH_TOO_SHORT = refusal(400, 'search_too_short', 'a text search shorter than 3 characters');
const ACCOUNT_DELETED = stateConflict('account_deleted', 'the customer deleted their account');

export const alertSettingsApi = {
  get: endpoint('GET /api/admin/alert-settings', {
    summary: 'Which operator alerts the signed-in admin receives by e-mail',
    response: { 200: alertSettingsSchema },
  }),

  save: endpoint('PUT /api/admin/alert-settings', {
    example: {
      body: {
        stock_short: true,
        delivery_due: true,
        refund_requested: false,
        manual_order_waiting: true,
        renewal_failed: true,
        paid_after_end: true,
        stripe_sync_failed: true,
      },
    },
    summary: 'Turn each operator alert on or off for the signed-in admin',
    body: alertSettingsSchema,
    response: { 200: alertSettingsSchema },
  }),
};

const REFUND_DECIDED = stateConflict('refund_decided', 'the request was already approved or denied');

export const adminRefundsApi = {
  page: endpoint('GET /api/admin/refunds', {
    example: { query: { status: 'open' } },
    summary: 'Refund requests, newest first',
    querystring: refundQueueQuerySchema,
    response: { 200: refundQueueSchema },
  }),

  approve: endpoint('POST /api/admin/refunds/:id/approve', {
    errors: [
      NOT_FOUND,
      REFUND_DECIDED,
      stateConflict('refund_in_progress', 'an approval is being processed right now'),
      stateConflict('refund_window_closed', 'the request came after the 14-day window'),
      ACCOUNT_DELETED,
      refusal(502, 'refund_failed', 'the payment provider refused or did not answer'),
    ],
    example: { params: { id: '12' } },
    summary:
      'Approve (or retry a failed approval): refund the payments, end the subscription, revoke the panels',
    params: idParams,
    // 409: already decided, being processed, or asked for after the 14-day window.
    response: { 200: refundDecidedSchema, 409: apiErrorSchema },
  }),

  deny: endpoint('POST /api/admin/refunds/:id/deny', {
    errors: [NOT_FOUND, REFUND_DECIDED, stateConflict('refund_in_progress', 'an approval is under way')],
    example: { params: { id: '12' }, body: { note: 'Outside the 14 days.' } },
    summary: 'Deny, with a note for the customer',
    params: idParams,
    body: refundDenyBodySchema,
    // 409: already decided, or an approval is under way.
    response: { 200: refundDecidedSchema, 409: apiErrorSchema },
  }),
};

export const adminPastDueApi = {
  page: endpoint('GET /api/admin/past-due', {
    example: { query: { page: '1' } },
    summary: 'Past-due subscriptions, longest past due first, each with its next dunning step',
    querystring: adminPastDueQuerySchema,
    response: { 200: adminPastDuePageSchema },
  }),
};

export const adminSystemApi = {
  status: endpoint('GET /api/admin/system', {
    summary:
      "The background work: each sweep's rounds in this server process, the outbox queues, failing webhook endpoints and the e-mails given up (newest 50)",
    response: { 200: systemStatusSchema },
  }),

  retryEmail: endpoint('POST /api/admin/system/emails/:id/retry', {
    errors: [
      NOT_FOUND,
      stateConflict('email_not_given_up', 'the e-mail is not given up: sent, or queued again'),
      stateConflict('email_expired', 'the message is past its use (a sign-in code): never sent late'),
    ],
    example: { params: { id: '31' } },
    summary:
      'Queue a given-up e-mail again for one more attempt now (audit-logged); a row not given up: 409, unchanged',
    params: idParams,
    response: { 200: emailRetriedSchema, 409: apiErrorSchema },
  }),
};

export const adminStatsApi = {
  stats: endpoint('GET /api/admin/stats', {
    summary: 'Stat cards: available, active (sold) panels, completed orders; waiting orders and shortfall',
    response: {
      200: adminStatsSchema,
    },
  }),
};

export const adminFulfillmentApi = {
  queue: endpoint('GET /api/admin/fulfillment', {
    summary: 'Paid orders still missing panels, oldest first, against the 6-hour promise; stock level',
    response: {
      200: fulfillmentQueueSchema,
    },
  }),
};

export const adminAuditApi = {
  page: endpoint('GET /api/admin/audit', {
    example: { query: { action: 'panels', page: '1' } },
    summary: 'The audit log (20 per page), newest first, filtered by action, actor and text',
    querystring: auditQuerySchema,
    response: { 200: auditPageSchema },
  }),
};

/** Recording a payment by hand: only bank transfer and crypto orders are paid that way. */
const MANUAL_PAYMENT_ERRORS = [NOT_FOUND, stateConflict('not_manual', 'a card order'), ACCOUNT_DELETED];

export const adminOrdersApi = {
  page: endpoint('GET /api/admin/orders', {
    errors: [SEARCH_TOO_SHORT],
    example: { query: { search: 'carol@', status: 'paid', page: '1', sort: 'newest' } },
    summary: 'A page of orders (5 per page), newest first, with the customer',
    querystring: ordersQuerySchema,
    response: { 200: adminOrdersPageSchema },
  }),

  export: endpoint('GET /api/admin/orders/export', {
    errors: [SEARCH_TOO_SHORT],
    example: { query: { status: 'completed' } },
    summary: 'Every order matching the filter as CSV, streamed (audit-logged); none matching: the header row',
    querystring: ordersExportQuerySchema,
  }),

  one: endpoint('GET /api/admin/orders/:id', {
    errors: [NOT_FOUND],
    summary: 'One order: customer, payments, panels with their real status, refunds, history',
    ...ORDER_ID_IN_PATH,
    response: { 200: orderDetailSchema },
  }),

  cancel: endpoint('POST /api/admin/orders/:id/cancel', {
    errors: [
      NOT_FOUND,
      stateConflict('order_paid', 'the order is paid: it is refunded instead'),
      stateConflict('order_refunded', 'the order was refunded'),
    ],
    summary: 'Cancel an unpaid order (paid and completed orders are refunded instead: 409)',
    ...ORDER_ID_IN_PATH,
    response: { 200: orderCanceledSchema },
  }),

  markPaid: endpoint('POST /api/admin/orders/:id/mark-paid', {
    errors: MANUAL_PAYMENT_ERRORS,
    summary: 'Mark a bank transfer or crypto order as paid; allocation follows (a card order: 409)',
    ...ORDER_ID_IN_PATH,
    response: { 200: orderMarkedPaidSchema, 409: apiErrorSchema },
  }),

  recordRenewal: endpoint('POST /api/admin/orders/:id/record-renewal', {
    errors: [
      ...MANUAL_PAYMENT_ERRORS,
      stateConflict('subscription_ended', 'the subscription is no longer running'),
      stateConflict('period_changed', 'the period changed since the page was loaded'),
    ],
    example: {
      params: { id: '42' },
      body: { amountCents: 50_000, reference: 'SEPA 4411', forPeriodEnd: '2026-04-01T12:00:00.000Z' },
    },
    summary:
      'Record a bank transfer or crypto renewal payment: a new invoice, and the period extended by a month (also from past due, within the grace period)',
    params: idParams,
    body: renewalBodySchema,
    // 409: a card order, or a subscription that can no longer be renewed by hand.
    response: { 200: renewalRecordedSchema, 409: apiErrorSchema },
  }),

  recordPanelAddition: endpoint('POST /api/admin/orders/:id/panel-additions/:additionId/record', {
    errors: [
      refusal(404, 'not_found', 'no such order, or no such addition on it'),
      ACCOUNT_DELETED,
      stateConflict('addition_expired', 'the addition lapsed unpaid, or its period ended or was renewed'),
      stateConflict('subscription_inactive', 'the subscription is no longer running'),
      stateConflict('panel_limit_reached', 'the panels would now pass the plan’s limit'),
      stateConflict('not_enough_stock', 'the stock left after the waiting orders cannot cover them'),
    ],
    example: { params: { id: '42', additionId: '7' }, body: { reference: 'SEPA 4411' } },
    summary:
      'Record the bank transfer or crypto payment of panels added to a subscription: the panels are given from stock, the order raised, and an invoice made (a repeat records nothing)',
    params: panelAdditionParamsSchema,
    body: recordAdditionBodySchema,
    response: { 200: additionRecordedSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  }),
};

export const adminPanelsApi = {
  page: endpoint('GET /api/admin/panels', {
    errors: [SEARCH_TOO_SHORT],
    example: { query: { search: 'sales@', status: 'available', page: '1', sort: 'newest' } },
    summary: 'A page of the inventory (10 per page), searched by e-mail, filtered by status and sorted',
    querystring: panelsQuerySchema,
    response: { 200: adminPanelsPageSchema },
  }),

  export: endpoint('GET /api/admin/panels/export', {
    errors: [SEARCH_TOO_SHORT],
    example: { query: { status: 'sold' } },
    summary:
      'Every panel matching the filter as CSV, streamed (passwords included; audit-logged); none matching: the header row',
    querystring: panelsExportQuerySchema,
  }),

  add: endpoint('POST /api/admin/panels', {
    errors: [stateConflict('duplicate_email', 'a panel with this e-mail is already in stock')],
    example: { body: { email: 'sales@mail.example', password: 'pw-4f9a-strong' } },
    summary: 'Add one panel to stock (password encrypted); waiting orders are filled from it',
    body: newPanelSchema,
    response: { 201: stockChangeSchema },
  }),

  importCsv: endpoint('POST /api/admin/panels/import', {
    errors: [
      refusal(400, 'invalid_csv', 'not CSV, or the header row is missing'),
      refusal(413, 'file_too_large', 'the file is larger than 5 MB'),
    ],
    example: { body: 'email,password\r\nsales@mail.example,pw-4f9a-strong\r\n' },
    summary: 'Import panels from a CSV file (text/csv, at most 5 MB and 50,000 rows)',
    description:
      'Header required: email,password[,domains][,max_mailboxes]. domains 1-10,000 (default 699), ' +
      'max_mailboxes 1-100,000 (default 2,000). Bad rows are reported and skipped; the good ones ' +
      'go in together. A file that is not CSV or lacks the header is refused whole (400).',
    consumes: ['text/csv'],
    body: z.string(),
    response: { 200: importReportSchema },
  }),

  reveal: endpoint('POST /api/admin/panels/reveal', {
    example: { body: { ids: [17, 18], purpose: 'reveal' } },
    summary: 'Decrypt panel passwords (at most 100) for display or a selection export; audit-logged',
    body: adminRevealBodySchema,
    response: { 200: revealedPasswordsSchema },
  }),

  restock: endpoint('POST /api/admin/panels/:id/restock', {
    errors: [NOT_FOUND, stateConflict('not_retired', 'only a retired panel is restocked')],
    example: { params: { id: '17' }, body: { password: 'pw-restock-77' } },
    summary: 'Put a retired panel back in stock with a new password; waiting orders are filled from it',
    params: idParams,
    body: restockBodySchema,
    response: { 200: stockChangeSchema },
  }),
};

export const adminCustomersApi = {
  page: endpoint('GET /api/admin/customers', {
    errors: [SEARCH_TOO_SHORT],
    example: { query: { search: 'carol', role: 'user', page: '1' } },
    summary: 'A page of users (10 per page), newest first, with order count, panels and total spent',
    querystring: customersQuerySchema,
    response: { 200: customersPageSchema },
  }),

  one: endpoint('GET /api/admin/customers/:id', {
    errors: [NOT_FOUND],
    example: { params: { id: 'u_8Jx2kq' } },
    summary: 'One user with profile, figures, orders and panels',
    params: userParamsSchema,
    response: { 200: customerDetailSchema },
  }),

  setRole: endpoint('POST /api/admin/customers/:id/role', {
    errors: [NOT_FOUND, stateConflict('last_admin', 'the last admin cannot be demoted')],
    example: { params: { id: 'u_8Jx2kq' }, body: { role: 'admin' } },
    summary: "Change a user's role (the last admin cannot be demoted: 409); audit-logged",
    params: userParamsSchema,
    body: customerRoleSchema,
    response: { 200: customerRoleChangedSchema },
  }),
};

const REPLACEMENT_DECISION_ERRORS = [
  NOT_FOUND,
  stateConflict('replacement_decided', 'the request was already decided'),
];

export const adminReplacementsApi = {
  queue: endpoint('GET /api/admin/replacements', {
    example: { query: { status: 'open' } },
    summary: 'Panel replacement requests: open ones oldest first, decided ones newest first',
    querystring: replacementQueueQuerySchema,
    response: { 200: replacementQueueSchema },
  }),

  replace: endpoint('POST /api/admin/replacements/:id/replace', {
    errors: REPLACEMENT_DECISION_ERRORS,
    example: { params: { id: '9' } },
    summary: 'Replace the panel from stock (oldest first); with no stock the request waits for it',
    params: idParams,
    response: { 200: replaceOutcomeSchema },
  }),

  reject: endpoint('POST /api/admin/replacements/:id/reject', {
    errors: REPLACEMENT_DECISION_ERRORS,
    example: { params: { id: '9' }, body: { reason: 'Signs in fine from here.' } },
    summary: 'Reject, with the reason the customer sees',
    params: idParams,
    body: rejectReplacementBodySchema,
    response: { 200: replaceOutcomeSchema.pick({ message: true }) },
  }),
};

// Served only while card payments run on the sandbox: elsewhere the paths do not exist (404).
const SANDBOX_ONLY =
  'Exists only while card payments run on the built-in sandbox (no Stripe keys; in production only with SANDBOX_PAYMENTS on).';

export const adminSandboxClockApi = {
  state: endpoint('GET /api/admin/sandbox-clock', {
    summary: 'The sandbox clock: the business time and how many days it is ahead of real time',
    description: SANDBOX_ONLY,
    response: { 200: sandboxClockSchema },
  }),

  advance: endpoint('POST /api/admin/sandbox-clock', {
    example: { body: { advanceDays: 1 } },
    summary:
      'Move the business time forward a number of days, one day at a time, running the time-driven sweeps after each day (audit-logged)',
    description: `${SANDBOX_ONLY} Time only moves forward. Renewals, expiries, reminders and alerts happen at each day they fall on, in order; two advances at once run one after the other.`,
    body: advanceClockBodySchema,
    response: { 200: sandboxClockSchema },
  }),
};

export const adminCreditNotesApi = {
  // A PDF file: no JSON response to declare.
  pdf: endpoint('GET /api/admin/credit-notes/:creditNoteId/pdf', {
    errors: [NOT_FOUND],
    example: { params: { creditNoteId: '5' } },
    summary: 'A credit note as a PDF',
    params: creditNoteParamsSchema,
  }),
};
