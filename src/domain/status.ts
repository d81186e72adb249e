// Lifecycle statuses (D5, D8) and how each is shown (docs/product.md §4 badges).
// The server stores the precise status; users see the spec's simpler words.

export type BadgeTone = 'green' | 'blue' | 'yellow' | 'red';
export interface Badge {
  readonly label: string;
  readonly tone: BadgeTone;
}

export const ORDER_STATUSES = ['pending_payment', 'paid', 'completed', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const ORDER_BADGES: Record<OrderStatus, Badge> = {
  completed: { label: 'completed', tone: 'green' },
  // Paid but not every panel delivered yet: the spec's "processing".
  paid: { label: 'processing', tone: 'blue' },
  pending_payment: { label: 'pending', tone: 'yellow' },
  canceled: { label: 'canceled', tone: 'red' },
  refunded: { label: 'refunded', tone: 'red' },
};

export function orderBadge(status: OrderStatus): Badge {
  return ORDER_BADGES[status];
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Inventory statuses (table admin_panel_inventory). */
export const PANEL_STATUSES = ['available', 'sold', 'expired', 'retired'] as const;
export type PanelStatus = (typeof PANEL_STATUSES)[number];

export type PanelViewStatus = 'active' | 'processing';

/** docs/product.md §4: only 'sold' is active for its owner; anything else reads as processing. */
export function panelViewStatus(inventoryStatus: PanelStatus): PanelViewStatus {
  return inventoryStatus === 'sold' ? 'active' : 'processing';
}

const PANEL_VIEW_BADGES: Record<PanelViewStatus, Badge> = {
  active: { label: 'Active', tone: 'green' },
  processing: { label: 'Processing', tone: 'blue' },
};

export function panelBadge(status: PanelViewStatus): Badge {
  return PANEL_VIEW_BADGES[status];
}

/** A panel that was the customer's: its subscription expired, or the order was refunded (D8). */
export type PastPanelStatus = 'expired' | 'refunded';

const PAST_PANEL_BADGES: Record<PastPanelStatus, Badge> = {
  expired: { label: 'Expired', tone: 'red' },
  refunded: { label: 'Refunded', tone: 'red' },
};

export function pastPanelBadge(status: PastPanelStatus): Badge {
  return PAST_PANEL_BADGES[status];
}

// Admins see the real inventory status (D11), not the customer's simplification.
const INVENTORY_BADGES: Record<PanelStatus, Badge> = {
  available: { label: 'available', tone: 'blue' },
  sold: { label: 'sold', tone: 'green' },
  expired: { label: 'expired', tone: 'red' },
  retired: { label: 'retired', tone: 'red' },
};

export function inventoryBadge(status: PanelStatus): Badge {
  return INVENTORY_BADGES[status];
}

export function isPanelStatus(value: unknown): value is PanelStatus {
  return typeof value === 'string' && (PANEL_STATUSES as readonly string[]).includes(value);
}

export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['card', 'crypto', 'bank_transfer', 'sandbox'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type PaymentHistoryStatus = 'Paid' | 'processing';

/** docs/product.md §4 "Order status": purchase history shows 'Paid' or 'processing'. */
export function paymentHistoryStatus(paymentStatus: PaymentStatus): PaymentHistoryStatus {
  return paymentStatus === 'completed' ? 'Paid' : 'processing';
}

// A failed or refunded charge shown as "processing" would mislead a customer,
// so the badge names those two; pending keeps the spec's word.
const PAYMENT_BADGES: Record<PaymentStatus, Badge> = {
  completed: { label: 'Paid', tone: 'green' },
  pending: { label: 'processing', tone: 'blue' },
  failed: { label: 'failed', tone: 'red' },
  refunded: { label: 'refunded', tone: 'red' },
};

export function paymentBadge(status: PaymentStatus): Badge {
  return PAYMENT_BADGES[status];
}
