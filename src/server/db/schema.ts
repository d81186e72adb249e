import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../domain/api-keys';
import { CANCEL_REASONS, type CancelReason } from '../../domain/cancel-reasons';
import { DUNNING_STEP_NAMES, type DunningStepName } from '../../domain/dunning';
import { ALERT_KINDS, type AlertKind } from '../../domain/email-preferences';
import type { InvoiceBuyer, InvoiceSeller } from '../../domain/invoice-parties';
import { PANEL_ADDITION_STATUSES, type PanelAdditionStatus } from '../../domain/panel-additions';
import { MANUAL_METHODS, type ManualMethod } from '../../domain/payment-details';
import { REPLACEMENT_REASONS, type ReplacementReason } from '../../domain/replacements';
import {
  ACCOUNT_CREDIT_REASONS,
  ACCOUNT_CREDIT_STATUSES,
  type AccountCreditReason,
  type AccountCreditStatus,
  LIVE_SUBSCRIPTION_STATUSES,
  OPEN_REFUND_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
  OUTBOX_KINDS,
  OUTBOX_STATUSES,
  type OutboxKind,
  type OutboxStatus,
  PANEL_STATUSES,
  PAYMENT_EVENT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PanelStatus,
  type PaymentEventStatus,
  type PaymentMethod,
  type PaymentStatus,
  REFUND_REQUEST_STATUSES,
  REPLACEMENT_REQUEST_STATUSES,
  type RefundRequestStatus,
  type ReplacementRequestStatus,
  SANDBOX_SESSION_STATUSES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '../../domain/status';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '../../domain/webhooks';
import type { WorkspaceRole } from '../../domain/workspaces/roles';
import { user } from './auth-schema';
import { cascadingRef, createdAt, identityId, timestamps } from './columns';
import { workspaces } from './workspace-schema';

export * from './auth-schema';
export * from './workspace-schema';

/*
 * Status columns are text with CHECK constraints rather than Postgres enums: adding a
 * value later is a one-line migration that never has to rewrite a type in a transaction.
 * The allowed values mirror src/domain/status.ts.
 */

/** The order a row is about, which outlives it. */
const orderRef = () =>
  integer('order_id')
    .notNull()
    .references(() => orders.id);

/**
 * Whose a customer's row is: the person, null once they deleted their account (the row stays,
 * anonymised, for the accounts), and the workspace, whose members see it
 * (docs/decisions/0023-workspaces.md).
 */
const customerOwner = () => ({
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  workspaceId: text('workspace_id').references(() => workspaces.id),
});

export const userProfiles = pgTable('user_profiles', {
  /**
   * The user's name lives on the auth user, company and country in the billing details
   * (billingProfiles), each in one place; this row holds the rest (docs/decisions/0013).
   */
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  ...timestamps,
});

export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  marketingEmails: boolean('marketing_emails').notNull().default(false),
  orderUpdates: boolean('order_updates').notNull().default(true),
  sessionTimeout: boolean('session_timeout').notNull().default(true),
  ...timestamps,
});

export const orders = pgTable(
  'orders',
  {
    id: identityId(),
    ...customerOwner(),
    planId: text('plan_id').notNull(),
    additionalPanels: integer('additional_panels').notNull().default(0),
    /** Panels delivered: plan panels + additional panels (D4). */
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Unit prices at purchase time, so invoices stay true if the catalog changes later. */
    planPriceCents: integer('plan_price_cents').notNull().default(0),
    addonPriceCents: integer('addon_price_cents').notNull().default(0),
    status: text('status').$type<OrderStatus>().notNull().default('pending_payment'),
    paymentMethod: text('payment_method').notNull(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>().notNull().default('inactive'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * Panels that ended on this order and an admin has since put back in stock: their rows no
     * longer name the order, yet their places were filled, so they still count as delivered
     * (lifecycle/panel-moves.ts `releaseToStockTx`).
     */
    restockedPanels: integer('restocked_panels').notNull().default(0),
    /**
     * How many renewing panels Stripe last took for this subscription (billing/panels/
     * stripe-quantity.ts); null until a change of its panels reached Stripe. The reconcile
     * compares it with the panels that renew now (stripe-reconcile.ts).
     */
    stripeRenewingSent: integer('stripe_renewing_sent'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * When an expired subscription stopped: the paid period's end, or the moment it expired
     * when that came first (a provider ending it early). Written with the expiry by the
     * lifecycle module (lifecycle/subscription-moves.ts); null while it has not expired.
     */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Why a never-paid order was canceled (domain/cancel-reasons.ts); null otherwise. */
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    /** The half-time reminder of a bank transfer or crypto order still unpaid: sent once. */
    paymentReminderSentAt: timestamp('payment_reminder_sent_at', { withTimezone: true }),
    /**
     * The period end whose renewal invoice a manual subscription was e-mailed, so each
     * period gets one (billing/subscriptions/renewal-invoices.ts); a renewal moves the period end on.
     */
    renewalInvoiceFor: timestamp('renewal_invoice_for', { withTimezone: true }),
    /**
     * When the apology for missing the delivery promise was queued: once per order, whether
     * it is still waiting or was delivered late (provisioning/late-delivery.ts).
     */
    lateApologyAt: timestamp('late_apology_at', { withTimezone: true }),
    /**
     * How many of this order's next sandbox charges the card on file declines: the sandbox's
     * failing test card (docs/decisions/0019-dunning.md). Each declined charge takes one off.
     */
    sandboxCardDeclines: integer('sandbox_card_declines').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('orders_sandbox_card_declines_check', sql`${t.sandboxCardDeclines} >= 0`),
    check(
      'orders_cancel_reason_check',
      sql`${t.cancelReason} is null or ${inList(t.cancelReason, CANCEL_REASONS)}`,
    ),
    check('orders_status_check', inList(t.status, ORDER_STATUSES)),
    check('orders_subscription_status_check', inList(t.subscriptionStatus, SUBSCRIPTION_STATUSES)),
    check('orders_quantity_check', sql`${t.quantity} >= 1 and ${t.additionalPanels} >= 0`),
    check('orders_total_check', sql`${t.totalCents} >= 0`),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt.desc()),
    // The admin orders list pages newest first by order number, within a status filter.
    index('orders_status_id_idx').on(t.status, t.id),
    uniqueIndex('orders_provider_session_idx').on(t.provider, t.providerSessionId),
    // The late-delivery sweep: recent payments not yet apologised for.
    index('orders_late_apology_due_idx')
      .on(t.paidAt)
      .where(sql`${t.lateApologyAt} is null and ${t.paidAt} is not null`),
    // The renewal-invoice sweep: running manual subscriptions by period end.
    index('orders_manual_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.provider} = 'manual' and ${inList(t.subscriptionStatus, LIVE_SUBSCRIPTION_STATUSES)}`),
  ],
);

/**
 * The dunning steps taken for a past-due period (docs/decisions/0019-dunning.md): a card retry
 * or a reminder is taken once, by whoever inserts its row, in the transaction that queues its
 * e-mail; a renewal moves the period end on, so the next period starts with none.
 */
export const dunningSteps = pgTable(
  'dunning_steps',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    step: text('step').$type<DunningStepName>().notNull(),
    /** Business time (the sandbox clock's, where it runs). */
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** What came of it: 'sent', 'declined', 'charged'. */
    outcome: text('outcome').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.periodEnd, t.step] }),
    check('dunning_steps_step_check', inList(t.step, DUNNING_STEP_NAMES)),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: identityId(),
    /**
     * The invoice number (INV-0001, D4), gap-free. Never written by the app: a deferred
     * trigger (drizzle/0007_outbox.sql) takes it from `counters` as the inserting transaction
     * commits, so a rollback takes no number and the counter row stays locked only for the
     * commit itself. Null while that transaction is still open.
     */
    invoiceNumber: integer('invoice_number'),
    orderId: orderRef(),
    ...customerOwner(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    /** The provider's charge / invoice id: one payment row per confirmed charge. */
    providerChargeId: text('provider_charge_id'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** Panels the payment paid for: the order's quantity first, then the panels renewed. */
    panelCount: integer('panel_count'),
    /**
     * Paid for panels that joined a running period (docs/decisions/0018-adding-panels.md): its
     * invoice shows one pro-rata line. Stripe's proration invoice keeps Stripe's invoice id as
     * the charge id (refunds find it by that), so the charge id alone cannot say so.
     */
    addsPanels: boolean('adds_panels').notNull().default(false),
    /**
     * Who the invoice is made out to and who issues it, copied as the payment is inserted by a
     * trigger (drizzle migration invoice_parties, docs/decisions/0013-invoices-and-tax.md), so an
     * issued invoice never changes. Null on payments recorded before: they render as before.
     */
    buyerSnapshot: jsonb('buyer_snapshot').$type<InvoiceBuyer>(),
    sellerSnapshot: jsonb('seller_snapshot').$type<InvoiceSeller>(),
    ...timestamps,
  },
  (t) => [
    check('payments_status_check', inList(t.status, PAYMENT_STATUSES)),
    check('payments_method_check', inList(t.method, PAYMENT_METHODS)),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('payments_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    index('payments_order_idx').on(t.orderId),
    index('payments_session_idx').on(t.providerSessionId),
    uniqueIndex('payments_provider_charge_idx').on(t.provider, t.providerChargeId),
    uniqueIndex('payments_invoice_number_idx').on(t.invoiceNumber),
  ],
);

/** The panels we sell (each an admin panel of a mail tenant); the SQL name predates the TypeScript one. */
export const panels = pgTable(
  'admin_panel_inventory',
  {
    id: identityId(),
    email: text('email').notNull(),
    /** AES-256-GCM ciphertext (D7); never the clear password. */
    password: text('password').notNull(),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }),
    status: text('status').$type<PanelStatus>().notNull().default('available'),
    soldTo: text('sold_to').references(() => user.id, { onDelete: 'set null' }),
    /**
     * The workspace of the order that holds it, kept so by a trigger whenever `order_id` is
     * written: what its members' panel lists read (docs/decisions/0023-workspaces.md).
     */
    workspaceId: text('workspace_id').references(() => workspaces.id),
    orderId: integer('order_id').references(() => orders.id),
    domains: integer('domains').notNull().default(699),
    currentMailboxes: integer('current_mailboxes').notNull().default(0),
    maxMailboxes: integer('max_mailboxes').notNull().default(2000),
    /** Why a retired panel was taken out of use under the replacement warranty; null otherwise. */
    retiredReason: text('retired_reason').$type<ReplacementReason>(),
    /** Not renewed at its order's period end (docs/decisions/0017); written by lifecycle/ alone. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When its subscription ended (it reads as expired then); set once a renewal went without it. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('inventory_status_check', inList(t.status, PANEL_STATUSES)),
    check(
      'inventory_retired_reason_check',
      sql`${t.retiredReason} is null or ${inList(t.retiredReason, REPLACEMENT_REASONS)}`,
    ),
    check('inventory_domains_check', sql`${t.domains} >= 0`),
    check(
      'inventory_mailboxes_check',
      sql`${t.currentMailboxes} >= 0 and ${t.maxMailboxes} >= 1 and ${t.currentMailboxes} <= ${t.maxMailboxes}`,
    ),
    uniqueIndex('inventory_email_idx').on(sql`lower(${t.email})`),
    // Allocation takes the oldest available panels first; admin lists page by id.
    index('inventory_status_id_idx').on(t.status, t.id),
    index('inventory_sold_to_idx').on(t.soldTo, t.purchaseDate.desc()),
    index('inventory_workspace_idx').on(t.workspaceId, t.purchaseDate.desc()),
    index('inventory_order_idx').on(t.orderId),
    index('inventory_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // The sweep's panels whose fixed end has come (a renewal recorded before the period end).
    index('inventory_ending_idx').on(t.endedAt).where(sql`${t.status} = 'sold' and ${t.endedAt} is not null`),
  ],
);

export const processedEvents = pgTable(
  'processed_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Provider events as the webhook received them, once their signature verified: recorded in
 * one short statement and answered at once; the workers apply them, oldest received first
 * (docs/decisions/0024-payment-event-intake.md). A redelivery of the same event id records
 * nothing. `processed_events` stays the record of what was applied, whichever path applied it.
 */
export const paymentEventIntake = pgTable(
  'payment_event_intake',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
    eventId: text('event_id').notNull(),
    /** The event in our words (payments/events.ts PaymentEvent), read back through a zod schema. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Business time of receipt: the moment the event takes effect, and the order it is applied in. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    status: text('status').$type<PaymentEventStatus>().notNull().default('pending'),
    /** Failed or deferred applications so far. */
    attempts: integer('attempts').notNull().default(0),
    /** Not before (the database's clock): the wait after a deferral or a failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** What a deferred event waits for (`subscription:<id>`, `charge:<id>`, `order:<id>`): its arrival makes it due again. */
    waitingFor: text('waiting_for'),
    lastError: text('last_error'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_event_intake_status_check', inList(t.status, PAYMENT_EVENT_STATUSES)),
    uniqueIndex('payment_event_intake_event_idx').on(t.provider, t.eventId),
    // The workers' claim: pending rows, oldest received first.
    index('payment_event_intake_due_idx').on(t.receivedAt, t.id).where(sql`${t.status} = 'pending'`),
    // A deferred event made due again when what it waits for arrives.
    index('payment_event_intake_waiting_idx')
      .on(t.waitingFor)
      .where(sql`${t.status} = 'pending' and ${t.waitingFor} is not null`),
    // The purge of applied rows.
    index('payment_event_intake_applied_idx').on(t.appliedAt).where(sql`${t.status} = 'applied'`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_created_idx').on(t.createdAt.desc()),
    index('audit_action_created_idx').on(t.action, t.createdAt.desc()),
    index('audit_actor_created_idx').on(t.actorId, t.createdAt.desc()),
    // An order's (or a panel's, a user's) history on the admin detail views.
    index('audit_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);

/** Small facts about this database's life, such as when the demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in sandbox provider's checkout sessions (D6). The sandbox plays the role of an
 * external payment provider, so its state lives apart from our orders and payments.
 */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    id: text('id').primaryKey(),
    orderId: orderRef(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('open'),
    chargeId: text('charge_id'),
    ...timestamps,
  },
  (t) => [
    check('sandbox_sessions_status_check', inList(t.status, SANDBOX_SESSION_STATUSES)),
    index('sandbox_sessions_order_idx').on(t.orderId),
  ],
);

/** Who a customer's invoices are made out to (docs/decisions/0013-invoices-and-tax.md). */
export const billingProfiles = pgTable('billing_profiles', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull().default(''),
  /** One line per address line, joined by newlines. */
  address: text('address').notNull().default(''),
  /** ISO 3166-1 alpha-2, or empty. */
  country: text('country').notNull().default(''),
  taxNumber: text('tax_number').notNull().default(''),
  /** Receives invoice e-mails as well as the account address; empty for none. */
  invoiceEmail: text('invoice_email').notNull().default(''),
  ...timestamps,
});

/**
 * A credit note for a refunded payment (CN-0001, ...), written by a trigger as the payment
 * turns refunded, in that transaction; its number is gap-free like invoice numbers (0007).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: identityId(),
    /** Given as the inserting transaction commits (deferred trigger); null until then. */
    number: integer('number'),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_idx').on(t.number),
    uniqueIndex('credit_notes_payment_idx').on(t.paymentId),
  ],
);

/** A customer's 14-day money-back request (D8), decided by an admin. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: identityId(),
    orderId: orderRef(),
    ...customerOwner(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundRequestStatus>().notNull().default('requested'),
    decidedBy: text('decided_by'),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Approval attempts so far; the current one's number is its claim on the request. */
    approvalAttempts: integer('approval_attempts').notNull().default(0),
    /** When the current approval attempt claimed the request; an old claim may be taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The provider's answer when the last attempt failed, shown to the admin who retries. */
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    check('refund_requests_status_check', inList(t.status, REFUND_REQUEST_STATUSES)),
    index('refund_requests_order_idx').on(t.orderId),
    index('refund_requests_status_created_idx').on(t.status, t.createdAt),
    // One open request per order at a time.
    uniqueIndex('refund_requests_open_idx').on(t.orderId).where(inList(t.status, OPEN_REFUND_STATUSES)),
  ],
);

/**
 * A customer's report that an active panel stopped working (docs/product.md §11). An admin
 * rejects it, or approves it (`approved_at`) and allocation hands the order a new panel from
 * stock in the same line as waiting orders (provisioning/fulfillment.ts), retiring the old one.
 * `origin_panel_id` is the panel first sold in this place of the order, so the per-period limit
 * counts a panel and its successors as one.
 */
export const replacementRequests = pgTable(
  'replacement_requests',
  {
    id: identityId(),
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.id),
    originPanelId: integer('origin_panel_id').notNull(),
    orderId: orderRef(),
    ...customerOwner(),
    reason: text('reason').$type<ReplacementReason>().notNull(),
    note: text('note').notNull().default(''),
    status: text('status').$type<ReplacementRequestStatus>().notNull().default('open'),
    /** An admin's 'Replace': from then on allocation serves the request. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: text('approved_by'),
    /** Set by the first allocation that found no panel for it: a later fill is automatic. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    newPanelId: integer('new_panel_id').references(() => panels.id),
    rejectionReason: text('rejection_reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('replacement_requests_status_check', inList(t.status, REPLACEMENT_REQUEST_STATUSES)),
    check('replacement_requests_reason_check', inList(t.reason, REPLACEMENT_REASONS)),
    // One open request per panel at a time.
    uniqueIndex('replacement_requests_open_idx').on(t.panelId).where(sql`${t.status} = 'open'`),
    // The admin queue and allocation's line: open requests oldest first.
    index('replacement_requests_status_created_idx').on(t.status, t.createdAt),
    index('replacement_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('replacement_requests_workspace_idx').on(t.workspaceId, t.createdAt.desc()),
    index('replacement_requests_origin_idx').on(t.originPanelId, t.decidedAt),
    index('replacement_requests_order_idx').on(t.orderId),
  ],
);

/**
 * Numbers that must have no gaps (invoice numbers). A row is bumped in the transaction that
 * uses the number, so a rollback gives the number back; a sequence would lose it.
 * docs/decisions/0007-durable-outbox.md.
 */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * Whatever must reach the outside world after a state change (e-mail now, customer webhooks
 * later), written in the same transaction as the change and delivered by a retrying sweep
 * (src/server/outbox/, docs/decisions/0007-durable-outbox.md).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<OutboxKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    /** Deliveries started, counted when a sweep claims the row (so a crash mid-send counts). */
    attempts: integer('attempts').notNull().default(0),
    /** Not before: the backoff after a failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claiming sweep's lease; past it, another sweep may take the row over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Give up instead of sending late: a sign-in code or a link that no longer works is
     * marked dead at this moment rather than delivered (null = no limit).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_messages_kind_check', inList(t.kind, OUTBOX_KINDS)),
    check('outbox_messages_status_check', inList(t.status, OUTBOX_STATUSES)),
    check('outbox_messages_attempts_check', sql`${t.attempts} >= 0`),
    // The sweep's claim: due pending rows, oldest first.
    index('outbox_messages_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    // The purge of delivered rows (their bodies carry links and codes).
    index('outbox_messages_sent_idx').on(t.sentAt).where(sql`${t.status} = 'sent'`),
    // The sweep's give-up of messages past their use.
    index('outbox_messages_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending' and ${t.expiresAt} is not null`),
  ],
);

/** The alert kinds of src/domain/email-preferences.ts, as a CHECK. */
const alertKindCheck = (column: AnyPgColumn) => inList(column, ALERT_KINDS);

/** `column in ('a', 'b')` from a list in src/domain, so the CHECK and the code share one spelling. */
function inList(column: AnyPgColumn, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}

/**
 * One row per operator alert event (src/server/alerts/): the unique (kind, key) is what makes
 * an event alert once however many sweeps or requests see it. The key names the subject: an
 * order id, a refund request id, an order and its period, or a stock shortage's number.
 */
export const operatorAlerts = pgTable(
  'operator_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<AlertKind>().notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
    /** A condition that can end (stock short): when it did, so the next shortage alerts again. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('operator_alerts_kind_check', alertKindCheck(t.kind)),
    uniqueIndex('operator_alerts_kind_key_idx').on(t.kind, t.key),
  ],
);

/** An admin who turned an alert kind off; no row = the admin gets that alert. */
export const operatorAlertOptouts = pgTable(
  'operator_alert_optouts',
  {
    userId: cascadingRef('user_id', () => user.id),
    kind: text('kind').$type<AlertKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('operator_alert_optouts_kind_check', alertKindCheck(t.kind)),
  ],
);

/**
 * A customer's API keys (docs/decisions/0011-api-keys.md). Only the SHA-256 of the whole key is
 * kept, looked up through its unique index; `hint` is the start of the key, for the list. A
 * revoked key keeps its row (the audit log names it) and is refused from then on.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: identityId(),
    /** Its creator: the key never does more than they may, and goes when they leave (0023). */
    userId: cascadingRef('user_id', () => user.id),
    workspaceId: cascadingRef('workspace_id', () => workspaces.id),
    /** The role it acts with, chosen at creation, at most its creator's. */
    role: text('role').$type<WorkspaceRole>().notNull(),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiKeyScope>().notNull(),
    keyHash: text('key_hash').notNull(),
    hint: text('hint').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('api_keys_scope_check', inList(t.scope, API_KEY_SCOPES)),
    uniqueIndex('api_keys_hash_idx').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.id),
    index('api_keys_workspace_idx').on(t.workspaceId, t.id),
  ],
);

/**
 * The Idempotency-Key of a /api/v1 write (docs/decisions/0011-api-keys.md): one row per owner
 * and key, claimed before the write runs, so concurrent retries find it taken and wait for the
 * stored answer. A row is kept 24 hours; after that the key may be used again.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    id: identityId(),
    userId: cascadingRef('user_id', () => user.id),
    workspaceId: cascadingRef('workspace_id', () => workspaces.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the operation and its parsed body: the same key with another body is a 409. */
    requestHash: text('request_hash').notNull(),
    /** The API key that made the first request (no foreign key: a deleted key must not take the row). */
    apiKeyId: integer('api_key_id').notNull(),
    /** Null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /** When the running request took the row; a row left running past its lease may be taken over. */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('api_idempotency_keys_owner_key_idx').on(t.workspaceId, t.idempotencyKey),
    index('api_idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A customer's webhook endpoints (docs/decisions/0012-webhooks.md). The signing secret is
 * encrypted at rest with the panel-password cipher (crypto/panel-password.ts): the sweep
 * needs it in clear to sign, so a hash would not do. `locked_until` and `lease_token` are
 * the delivery sweep's claim on the endpoint: one sweep at a time sends to an endpoint, which
 * is what keeps its messages in order and each sent once across instances.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: identityId(),
    /** Who made it; the endpoint stays with the workspace when they leave. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    workspaceId: cascadingRef('workspace_id', () => workspaces.id),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    createdAt: createdAt(),
    /** Turned off after 3 days of failures; the owner makes it again to turn it back on. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failure of the current run of failures; null after any success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    leaseToken: text('lease_token'),
  },
  (t) => [index('webhook_endpoints_workspace_idx').on(t.workspaceId, t.id)],
);

/**
 * The webhook outbox: one row per (event, endpoint), written in the event's transaction
 * (webhooks/record.ts), its body frozen then; a resend is a new row with the same
 * `message_id` and body (`resend_of` names the original). Delivered and dead rows beyond an
 * endpoint's latest 100 are pruned by the sweep.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header, the same on every attempt and resend. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').$type<WebhookEventType | 'webhook.test'>().notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    /** The receiver's first kilobyte, kept for the log; never logged. */
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    resendOf: bigint('resend_of', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_messages_status_check', inList(t.status, WEBHOOK_DELIVERY_STATUSES)),
    check('webhook_messages_event_type_check', inList(t.eventType, [...WEBHOOK_EVENT_TYPES, 'webhook.test'])),
    check('webhook_messages_attempts_check', sql`${t.attempts} >= 0`),
    // Exactly one original row per message.
    uniqueIndex('webhook_messages_message_idx').on(t.messageId).where(sql`${t.resendOf} is null`),
    // The endpoint's log, and its queue head (oldest undelivered first).
    index('webhook_messages_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'failed')`),
  ],
);

/** A credit's life: granted and waiting for the next renewal, then applied once. */

/**
 * Credits on an order's next renewal (docs/product.md §10): granted in the transaction that
 * marks the late-delivery apology, one per order at most, applied once by the renewal of the
 * order's provider (a cheaper sandbox charge, a manual renewal payment, a Stripe balance).
 */
export const accountCredits = pgTable(
  'account_credits',
  {
    id: identityId(),
    ...customerOwner(),
    orderId: orderRef(),
    amountCents: integer('amount_cents').notNull(),
    percent: integer('percent').notNull(),
    reason: text('reason').$type<AccountCreditReason>().notNull().default('late_delivery'),
    status: text('status').$type<AccountCreditStatus>().notNull().default('pending'),
    /** The renewal payment it lowered (sandbox, manual); null for Stripe, which applies it itself. */
    appliedPaymentId: integer('applied_payment_id').references(() => payments.id),
    /** Stripe's customer balance transaction id, once the credit reached Stripe. */
    providerReference: text('provider_reference'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('account_credits_amount_check', sql`${t.amountCents} > 0`),
    check('account_credits_percent_check', sql`${t.percent} between 1 and 100`),
    check('account_credits_reason_check', inList(t.reason, ACCOUNT_CREDIT_REASONS)),
    check('account_credits_status_check', inList(t.status, ACCOUNT_CREDIT_STATUSES)),
    uniqueIndex('account_credits_order_reason_idx').on(t.orderId, t.reason),
    uniqueIndex('account_credits_payment_idx').on(t.appliedPaymentId),
    index('account_credits_user_idx').on(t.userId, t.status),
    index('account_credits_workspace_idx').on(t.workspaceId, t.status),
  ],
);

/**
 * Panels a bank transfer or crypto customer asked to add to a running subscription
 * (docs/decisions/0018-adding-panels.md): the price fixed at the quote, waiting for the money.
 * No stock is taken and the order is unchanged until an admin records the payment; one addition
 * waits per order at a time.
 */
export const panelAdditions = pgTable(
  'panel_additions',
  {
    id: identityId(),
    orderId: orderRef(),
    ...customerOwner(),
    panels: integer('panels').notNull(),
    /** The pro-rata charge quoted when asked: what the invoice asks for and the payment records. */
    amountCents: integer('amount_cents').notNull(),
    daysLeft: integer('days_left').notNull(),
    periodDays: integer('period_days').notNull(),
    /** The next renewal with the added panels, as quoted (the e-mails say it). */
    renewalCents: integer('renewal_cents').notNull(),
    method: text('method').$type<ManualMethod>().notNull(),
    /** The period end the panels join: once the order's period is no longer this one, it lapsed. */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** Pay by: the manual payment window, never past the period end. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status').$type<PanelAdditionStatus>().notNull().default('pending'),
    paymentId: integer('payment_id').references(() => payments.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('panel_additions_status_check', inList(t.status, PANEL_ADDITION_STATUSES)),
    check('panel_additions_method_check', inList(t.method, MANUAL_METHODS)),
    check('panel_additions_panels_check', sql`${t.panels} > 0`),
    check('panel_additions_amount_check', sql`${t.amountCents} >= 0`),
    uniqueIndex('panel_additions_pending_idx').on(t.orderId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('panel_additions_payment_idx').on(t.paymentId),
    index('panel_additions_user_idx').on(t.userId, t.status),
    index('panel_additions_workspace_idx').on(t.workspaceId, t.status),
  ],
);
