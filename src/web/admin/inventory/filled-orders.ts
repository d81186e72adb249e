import { plural } from '../../../domain/format';
import type { FilledOrders } from '../api/panels-api';

/**
 * What new stock did for waiting orders (D7 fills them at once, oldest first), in one line for
 * a toast: 'Order #12 completed; order #15 received 3 panels.' Undefined when none waited.
 */
export function filledOrdersText(filled: FilledOrders): string | undefined {
  if (filled.length === 0) return undefined;
  const parts = filled.map(({ orderId, assignedNow, completed }) =>
    completed ? `order #${orderId} completed` : `order #${orderId} received ${plural(assignedNow, 'panel')}`,
  );
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** '3 panels' / '1 panel'. */
export function panelCount(n: number): string {
  return plural(n, 'panel');
}
