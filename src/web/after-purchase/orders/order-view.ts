import { cancelReasonText } from '../../../domain/cancel-reasons';
import type { MyInvoice, MyOrder } from '../../lib/api/my-orders-api';
import { formatDate } from '../../lib/dates';

// What a row of /orders says beside its status and where it leads. Pure, so the
// rules are tested without a DOM.

/** The date of the order's last step, under its badge: 'Paid Mar 3, 2026'; null while pending. */
export function statusDateText(order: MyOrder): string | null {
  switch (order.status) {
    case 'pending_payment':
      return null;
    case 'paid':
      return order.paidAt ? `Paid ${formatDate(order.paidAt)}` : null;
    case 'completed':
      return order.completedAt ? `Delivered ${formatDate(order.completedAt)}` : null;
    case 'canceled':
      return order.canceledAt ? `Canceled ${formatDate(order.canceledAt)}` : null;
    case 'refunded':
      return order.refundedAt ? `Refunded ${formatDate(order.refundedAt)}` : null;
  }
}

/** Why a canceled order ended ('We did not receive the payment in time.'); null otherwise. */
export function cancelReasonLine(order: MyOrder): string | null {
  return order.status === 'canceled' && order.cancelReason ? cancelReasonText(order.cancelReason) : null;
}

export type OrderNextStep =
  | { kind: 'instructions'; path: string }
  | { kind: 'resume' }
  | { kind: 'invoices'; shown: MyInvoice[]; more: number }
  | { kind: 'none' };

/** A row shows at most this many invoices (the newest); /billing lists every one. */
export const INVOICES_PER_ROW = 2;

/**
 * Where the order leads: a pending bank transfer or crypto order to its payment instructions,
 * a pending card order back to its checkout, a paid one to its invoices; a canceled order (or a
 * paid one whose invoice is not out yet) nowhere.
 */
export function orderNextStep(order: MyOrder): OrderNextStep {
  if (order.instructionsPath) return { kind: 'instructions', path: order.instructionsPath };
  if (order.resumeCheckout) return { kind: 'resume' };
  if (order.invoices.length > 0) {
    return {
      kind: 'invoices',
      shown: order.invoices.slice(0, INVOICES_PER_ROW),
      more: Math.max(0, order.invoices.length - INVOICES_PER_ROW),
    };
  }
  return { kind: 'none' };
}
