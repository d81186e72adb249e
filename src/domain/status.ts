// Lifecycle statuses (D5, D8) and how each is shown (docs/product.md §4 badges).
// The server stores the precise status; users see the documented simpler words.

export type BadgeTone = 'green' | 'blue' | 'yellow' | 'red';
export interface Badge {
  readonly label: string;
  readonly tone: BadgeTone;
}

/** How each status of a kind is shown: a total table, so a new status cannot go unbadged. */
const badgesOf =
  <S extends string>(badges: Record<S, Badge>) =>
  (status: S): Badge =>
    badges[status];

export const ORDER_STATUSES = ['pending_payment', 'paid', 'completed', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderBadge = badgesOf<OrderStatus>({
  completed: { label: 'completed', tone: 'green' },
  // Paid but not every panel delivered yet: the documented "processing".
  paid: { label: 'processing', tone: 'blue' },
  pending_payment: { label: 'pending', tone: 'yellow' },
  canceled: { label: 'canceled', tone: 'red' },
  refunded: { label: 'refunded', tone: 'red' },
});

/** Inventory statuses (table admin_panel_inventory). */
export const PANEL_STATUSES = ['available', 'sold', 'expired', 'retired'] as const;
export type PanelStatus = (typeof PANEL_STATUSES)[number];

export type PanelViewStatus = 'active' | 'processing';

/** docs/product.md §4: only 'sold' is active for its owner; anything else reads as processing. */
export function panelViewStatus(inventoryStatus: PanelStatus): PanelViewStatus {
  return inventoryStatus === 'sold' ? 'active' : 'processing';
}

export const panelBadge = badgesOf<PanelViewStatus>({
  active: { label: 'Active', tone: 'green' },
  processing: { label: 'Processing', tone: 'blue' },
});

/** A panel that was the customer's: its subscription expired, or the order was refunded (D8). */
export type PastPanelStatus = 'expired' | 'refunded' | 'replaced';

export const pastPanelBadge = badgesOf<PastPanelStatus>({
  expired: { label: 'Expired', tone: 'red' },
  refunded: { label: 'Refunded', tone: 'red' },
  // Retired under the replacement warranty; its successor is among the active panels.
  replaced: { label: 'Replaced', tone: 'blue' },
});

// Admins see the real inventory status (D11), not the customer's simplification.
export const inventoryBadge = badgesOf<PanelStatus>({
  available: { label: 'available', tone: 'blue' },
  sold: { label: 'sold', tone: 'green' },
  expired: { label: 'expired', tone: 'red' },
  retired: { label: 'retired', tone: 'red' },
});

export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['card', 'crypto', 'bank_transfer', 'sandbox'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The sandbox provider's hosted checkout sessions (D6). */
export const SANDBOX_SESSION_STATUSES = ['open', 'paid', 'canceled', 'expired'] as const;
export type SandboxSessionStatus = (typeof SANDBOX_SESSION_STATUSES)[number];

/** An order's recurring subscription (D8); 'inactive' until its first payment. */
export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Still billed: the subscriptions renewals and the deletion checks look at. */
export const LIVE_SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
] as const satisfies readonly SubscriptionStatus[];

/**
 * The states of a refund request (docs/decisions/0005-payments-and-jobs.md, Refunds):
 * requested -> denied, or requested -> approving -> approved. 'approving' is the claim an
 * approval takes before it calls the provider; a provider error moves it to 'failed', and
 * an admin's retry (or a retry of an abandoned claim) takes it back to 'approving'.
 */
export const REFUND_REQUEST_STATUSES = ['requested', 'approving', 'failed', 'approved', 'denied'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];
/** Not decided yet: one of these per order at a time. */
export const OPEN_REFUND_STATUSES = [
  'requested',
  'approving',
  'failed',
] as const satisfies readonly RefundRequestStatus[];
/** What a customer is told: an approval in flight or a failed one is still 'requested' to them. */
export const CUSTOMER_REFUND_STATUSES = [
  'requested',
  'approved',
  'denied',
] as const satisfies readonly RefundRequestStatus[];
export type CustomerRefundStatus = (typeof CUSTOMER_REFUND_STATUSES)[number];

/**
 * A customer's panel replacement request (docs/product.md §11): open until an admin rejects it
 * or a panel replaces the reported one. An open request an admin approved waits for stock.
 */
export const REPLACEMENT_REQUEST_STATUSES = ['open', 'replaced', 'rejected'] as const;
export type ReplacementRequestStatus = (typeof REPLACEMENT_REQUEST_STATUSES)[number];

/**
 * A late-delivery credit waits for its order's next renewal, which spends it once; it lapses
 * when the subscription ends first (docs/product.md §10).
 */
export const ACCOUNT_CREDIT_STATUSES = ['pending', 'applied', 'lapsed'] as const;
export type AccountCreditStatus = (typeof ACCOUNT_CREDIT_STATUSES)[number];
export const ACCOUNT_CREDIT_REASONS = ['late_delivery'] as const;
export type AccountCreditReason = (typeof ACCOUNT_CREDIT_REASONS)[number];

// The outbox's rows (docs/decisions/0007-durable-outbox.md) never leave the server; their lists
// stand here with the others so that every status the database checks comes from one list.
export const OUTBOX_KINDS = ['email', 'stripe_credit', 'document_email', 'stripe_quantity'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export const OUTBOX_STATUSES = ['pending', 'sent', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** Where a recorded provider event is in its life: waiting to be applied, applied once, or given up. */
export const PAYMENT_EVENT_STATUSES = ['pending', 'applied', 'dead'] as const;
export type PaymentEventStatus = (typeof PAYMENT_EVENT_STATUSES)[number];

export const replacementBadge = badgesOf<ReplacementRequestStatus>({
  open: { label: 'Replacement requested', tone: 'yellow' },
  replaced: { label: 'Replaced', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
});

// A failed or refunded charge shown as "processing" would mislead a customer,
// so the badge names those two; pending keeps the documented word.
export const paymentBadge = badgesOf<PaymentStatus>({
  completed: { label: 'Paid', tone: 'green' },
  pending: { label: 'processing', tone: 'blue' },
  failed: { label: 'failed', tone: 'red' },
  refunded: { label: 'refunded', tone: 'red' },
});
