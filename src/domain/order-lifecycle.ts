// How an order, its subscription and its panels' billing move (D5, D8), as data: the server's lifecycle module
// (src/server/lifecycle/) refuses any move this table does not list, and writes what the
// table says the move emits. docs/decisions/0014-order-lifecycle.md says how to add one.
import type { CancelReason } from './cancel-reasons';
import type { OrderStatus, SubscriptionStatus } from './status';
import type { WebhookEventType } from './webhooks';

/** Who can set a move off. */
export const LIFECYCLE_CAUSES = ['customer', 'admin', 'provider', 'system', 'account_deletion'] as const;
export type LifecycleCause = (typeof LIFECYCLE_CAUSES)[number];

/** The e-mails a move queues (outbox rows), by message. */
export const LIFECYCLE_EMAILS = [
  'order_confirmed',
  'panels_ready',
  'unpaid_order_canceled',
  'renewal_receipt',
  'renewal_received',
  'past_due',
  'subscription_expired',
  'refund_decision',
  'credit_note',
  'renewal_failed_alert',
  'panels_expired',
] as const;
export type LifecycleEmail = (typeof LIFECYCLE_EMAILS)[number];

/** One thing a move leaves behind in its transaction; `by` limits it to some causes. */
export type LifecycleEmit =
  | { readonly kind: 'webhook'; readonly event: WebhookEventType; readonly by?: readonly LifecycleCause[] }
  | { readonly kind: 'audit'; readonly action: string; readonly by?: readonly LifecycleCause[] }
  | { readonly kind: 'email'; readonly message: LifecycleEmail; readonly by?: readonly LifecycleCause[] };

export interface Transition<S extends string> {
  readonly from: readonly S[];
  /** Null: the status stays and only a field that goes with it moves (the cancel flag). */
  readonly to: S | null;
  readonly by: readonly LifecycleCause[];
  readonly emits: readonly LifecycleEmit[];
}

export interface OrderTransition extends Transition<OrderStatus> {
  /** The subscription's move made in the same write. */
  readonly subscription?: SubscriptionTransitionName;
  /**
   * An order canceled for one of these reasons, or whose account is gone, is refused: the
   * money that still arrives is recorded and flagged, nobody is owed panels for it.
   */
  readonly refusedAfter?: readonly CancelReason[];
}

export const SUBSCRIPTION_TRANSITIONS = {
  /** The first payment starts the subscription (with the order's pay). */
  start: { from: ['inactive'], to: 'active', by: ['provider', 'admin'], emits: [] },
  renew: {
    from: ['active', 'past_due'],
    to: 'active',
    by: ['provider', 'admin', 'system'],
    emits: [
      { kind: 'webhook', event: 'subscription.renewed' },
      { kind: 'audit', action: 'order.renewal_recorded', by: ['admin'] },
      { kind: 'email', message: 'renewal_receipt', by: ['system'] },
      { kind: 'email', message: 'renewal_received', by: ['admin'] },
    ],
  },
  fall_past_due: {
    from: ['active'],
    to: 'past_due',
    by: ['provider', 'system'],
    emits: [
      { kind: 'webhook', event: 'subscription.past_due' },
      { kind: 'email', message: 'past_due', by: ['system'] },
      { kind: 'email', message: 'renewal_failed_alert' },
    ],
  },
  /** The customer cancels at period end: the subscription runs on until then. */
  schedule_cancel: {
    from: ['active', 'past_due'],
    to: null,
    by: ['customer'],
    emits: [{ kind: 'webhook', event: 'subscription.canceled' }],
  },
  resume: { from: ['active', 'past_due'], to: null, by: ['customer'], emits: [] },
  /** The provider's own view of the cancel flag and period end (Stripe's subscription.updated). */
  sync_from_provider: {
    from: ['inactive', 'active', 'past_due', 'canceled', 'expired'],
    to: null,
    by: ['provider'],
    emits: [],
  },
  expire: {
    from: ['active', 'past_due', 'canceled'],
    to: 'expired',
    by: ['provider', 'system', 'account_deletion'],
    emits: [
      { kind: 'webhook', event: 'subscription.expired', by: ['provider', 'system'] },
      { kind: 'audit', action: 'subscription.provider_canceled', by: ['account_deletion'] },
      { kind: 'email', message: 'subscription_expired', by: ['system'] },
    ],
  },
  /** The account is deleted: billing stops in our records; the provider confirms with expire. */
  end_with_deletion: {
    from: ['active', 'past_due'],
    to: 'canceled',
    by: ['account_deletion'],
    emits: [],
  },
  /** A refund ends the subscription at once, whatever state it was in. */
  end_with_refund: {
    from: ['inactive', 'active', 'past_due', 'canceled', 'expired'],
    to: 'canceled',
    by: ['admin', 'provider'],
    emits: [{ kind: 'webhook', event: 'subscription.canceled' }],
  },
} as const satisfies Record<string, Transition<SubscriptionStatus>>;

export type SubscriptionTransitionName = keyof typeof SUBSCRIPTION_TRANSITIONS;

export const ORDER_TRANSITIONS = {
  /** A checkout canceled in one tab and paid in another was still paid: honoured (D5). */
  pay: {
    from: ['pending_payment', 'canceled'],
    to: 'paid',
    by: ['provider', 'admin'],
    subscription: 'start',
    refusedAfter: ['account_deleted'],
    emits: [
      { kind: 'webhook', event: 'order.paid' },
      { kind: 'audit', action: 'order.marked_paid', by: ['admin'] },
      { kind: 'email', message: 'order_confirmed' },
    ],
  },
  complete: {
    from: ['paid'],
    to: 'completed',
    by: ['system'],
    emits: [
      { kind: 'webhook', event: 'order.completed' },
      { kind: 'email', message: 'panels_ready' },
    ],
  },
  cancel_unpaid: {
    from: ['pending_payment'],
    to: 'canceled',
    by: ['customer', 'admin', 'provider', 'system', 'account_deletion'],
    emits: [
      { kind: 'webhook', event: 'order.canceled', by: ['customer', 'admin', 'provider', 'system'] },
      { kind: 'audit', action: 'order.canceled', by: ['admin'] },
      { kind: 'email', message: 'unpaid_order_canceled', by: ['system'] },
    ],
  },
  /** A paid order still waiting for stock when its account is deleted: its money goes back. */
  cancel_waiting: {
    from: ['paid'],
    to: 'canceled',
    by: ['account_deletion'],
    emits: [{ kind: 'audit', action: 'order.canceled' }],
  },
  refund: {
    from: ['paid', 'completed', 'canceled'],
    to: 'refunded',
    by: ['admin', 'provider'],
    subscription: 'end_with_refund',
    emits: [
      { kind: 'audit', action: 'order.refunded', by: ['provider'] },
      { kind: 'email', message: 'refund_decision' },
      { kind: 'email', message: 'credit_note' },
    ],
  },
  /** The money of an order canceled by an account deletion went back at the provider. */
  refund_after_deletion: {
    from: ['canceled'],
    to: 'refunded',
    by: ['account_deletion'],
    emits: [
      { kind: 'audit', action: 'order.refunded' },
      { kind: 'email', message: 'credit_note' },
    ],
  },
} as const satisfies Record<string, OrderTransition>;

export type OrderTransitionName = keyof typeof ORDER_TRANSITIONS;

/**
 * Where one panel of an order stands in its subscription (D8), read from its row: renewing
 * with the order; canceling (it runs to the period end and is not renewed); ended (retired,
 * the customer sees it expired). The order stays the subscription: one provider subscription
 * and one period for the panels bought together (docs/decisions/0017).
 */
export const PANEL_BILLING_STATES = ['renewing', 'canceling', 'ended'] as const;
export type PanelBillingState = (typeof PANEL_BILLING_STATES)[number];

export const PANEL_TRANSITIONS = {
  /** The customer cancels the panel at the period end; the provider's portal can do it for all. */
  schedule_cancel: {
    from: ['renewing'],
    to: 'canceling',
    by: ['customer', 'provider'],
    emits: [
      { kind: 'webhook', event: 'panel.canceled' },
      { kind: 'audit', action: 'panel.canceled', by: ['customer'] },
    ],
  },
  /** Taken back before the period ends, unless a renewal was already paid without it. */
  resume: {
    from: ['canceling'],
    to: 'renewing',
    by: ['customer', 'provider'],
    emits: [
      { kind: 'webhook', event: 'panel.resumed' },
      { kind: 'audit', action: 'panel.resumed', by: ['customer'] },
    ],
  },
  /**
   * A bank transfer or crypto renewal recorded before the period ends paid for the other
   * panels: this one's end is fixed at that period end, and it can no longer be resumed.
   */
  settle_end: { from: ['canceling'], to: null, by: ['admin'], emits: [] },
  /** Its period ended without it: retired in inventory, expired for the customer. */
  expire: {
    from: ['canceling'],
    to: 'ended',
    by: ['provider', 'system'],
    emits: [
      { kind: 'webhook', event: 'panel.expired' },
      { kind: 'email', message: 'panels_expired' },
    ],
  },
} as const satisfies Record<string, Transition<PanelBillingState>>;

export type PanelTransitionName = keyof typeof PANEL_TRANSITIONS;
export const PANEL_INITIAL: PanelBillingState = 'renewing';
export const PANEL_TERMINAL = ['ended'] as const satisfies readonly PanelBillingState[];

/** An order's status at creation, and where nothing moves on any more. */
export const ORDER_INITIAL: OrderStatus = 'pending_payment';
export const ORDER_TERMINAL = ['canceled', 'refunded'] as const satisfies readonly OrderStatus[];
export const SUBSCRIPTION_INITIAL: SubscriptionStatus = 'inactive';
export const SUBSCRIPTION_TERMINAL = ['canceled', 'expired'] as const satisfies readonly SubscriptionStatus[];

/**
 * The only moves out of a terminal status, each for a reason the product gives (D5, D8):
 * a late payment of a lapsed checkout is honoured; the money of a canceled order goes back;
 * a subscription the deletion canceled is confirmed ended by the provider; a refund reads as
 * canceled whatever the subscription was. A move whose status stays (`to` null) leaves nothing.
 */
export const TERMINAL_EXITS: readonly string[] = [
  'order.pay',
  'order.refund',
  'order.refund_after_deletion',
  'subscription.expire',
  'subscription.end_with_refund',
];

/** Whether a move is allowed from a status, by a cause. */
function allowed<S extends string>(t: Transition<S>, from: S, cause: LifecycleCause): boolean {
  return t.from.includes(from) && t.by.includes(cause);
}

export function orderTransitionAllowed(
  name: OrderTransitionName,
  from: OrderStatus,
  cause: LifecycleCause,
): boolean {
  return allowed<OrderStatus>(ORDER_TRANSITIONS[name], from, cause);
}

export function subscriptionTransitionAllowed(
  name: SubscriptionTransitionName,
  from: SubscriptionStatus,
  cause: LifecycleCause,
): boolean {
  return allowed<SubscriptionStatus>(SUBSCRIPTION_TRANSITIONS[name], from, cause);
}

export function panelTransitionAllowed(
  name: PanelTransitionName,
  from: PanelBillingState,
  cause: LifecycleCause,
): boolean {
  return allowed<PanelBillingState>(PANEL_TRANSITIONS[name], from, cause);
}

/** The emits of a move that apply to a cause. */
export function emitsFor(
  transition: { readonly emits: readonly LifecycleEmit[] },
  cause: LifecycleCause,
): LifecycleEmit[] {
  return transition.emits.filter((e) => e.by === undefined || e.by.includes(cause));
}
