const CURRENT_ORDER_STORAGE_KEY = 'currentOrderId';

// The order a checkout just opened, kept per tab (docs/product.md §4, "Order page"), so the
// payment return flow can still name the order when the provider drops order_id.
// Storage can be unavailable (private mode, blocked cookies); ordering must work without it.

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberCurrentOrder(orderId: number | string): void {
  try {
    storage()?.setItem(CURRENT_ORDER_STORAGE_KEY, String(orderId));
  } catch {
    // Quota or privacy settings: the return URL still carries order_id.
  }
}

export function readCurrentOrder(): string | null {
  try {
    return storage()?.getItem(CURRENT_ORDER_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function clearCurrentOrder(): void {
  try {
    storage()?.removeItem(CURRENT_ORDER_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
