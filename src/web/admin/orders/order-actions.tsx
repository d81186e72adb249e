import { useState } from 'react';
import { formatCents, plural } from '../../../domain/format';
import { Button } from '../../ui/button';
import { DangerButton } from '../../ui/danger-button';
import { cancelling } from '../../ui/dialog-actions';
import { cancelOrder, markOrderPaid, type OrderDetail } from '../api/orders-api';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { isManualMethod, paymentMethodName } from '../shared/labels';
import { useAdminAction } from '../shared/use-admin-action';
import { RecordRenewalDialog } from './record-renewal-dialog';

/**
 * What an admin can do to an order: mark a bank transfer or crypto payment as received (D6;
 * allocation follows as for a card payment), also when it arrived after the order lapsed
 * unpaid; cancel a pending order; record a bank transfer or crypto renewal (D8). Paid orders
 * are refunded from the refund queue instead.
 */
export function OrderActions({ detail }: { detail: OrderDetail }) {
  const { order } = detail;
  const [confirming, setConfirming] = useState<'paid' | 'cancel' | 'renewal' | null>(null);
  const run = useAdminAction();
  const manual = isManualMethod(order.paymentMethod);
  const pending = order.status === 'pending_payment';
  // Money that arrived after the payment window closed is still money received.
  const lapsed = manual && order.status === 'canceled' && order.cancelReason === 'payment_not_received';
  const renewable =
    manual &&
    (order.status === 'paid' || order.status === 'completed') &&
    (order.subscriptionStatus === 'active' || order.subscriptionStatus === 'past_due') &&
    order.currentPeriodEnd !== null;
  if (!pending && !lapsed && !renewable) return null;

  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
      {pending && <DangerButton onClick={() => setConfirming('cancel')}>Cancel order</DangerButton>}
      {manual && (pending || lapsed) && <Button onClick={() => setConfirming('paid')}>Mark as paid</Button>}
      {renewable && <Button onClick={() => setConfirming('renewal')}>Record renewal payment</Button>}
      {confirming === 'renewal' && order.currentPeriodEnd && (
        <RecordRenewalDialog
          detail={detail}
          periodEnd={order.currentPeriodEnd}
          onClose={() => setConfirming(null)}
        />
      )}
      <ConfirmDialog
        open={confirming === 'paid'}
        onClose={() => setConfirming(null)}
        title={`Mark order #${order.id} as paid?`}
        confirm={{ label: 'Mark as paid', busyLabel: 'Marking...' }}
        onConfirm={() =>
          run(() => markOrderPaid(order.id), {
            success: () => ({
              title: 'Order marked as paid',
              description: `Order #${order.id} is paid; its panels are being allocated.`,
            }),
            failure: 'Could not mark the order as paid',
          })
        }
      >
        <p>
          Only confirm once the {paymentMethodName(order.paymentMethod).toLowerCase()} of{' '}
          <strong className="text-slate-900 dark:text-white">{formatCents(order.totalCents)}</strong> with
          reference <strong className="text-slate-900 dark:text-white">#{order.id}</strong> has arrived. The
          order then takes its {plural(order.quantity, 'panel')} from stock and the customer is e-mailed.
        </p>
        {lapsed && (
          <p>
            The order was canceled because the payment had not arrived in time; marking it paid reopens it and
            starts its first month today.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'cancel'}
        onClose={() => setConfirming(null)}
        title={`Cancel order #${order.id}?`}
        confirm={cancelling('order')}
        onConfirm={() =>
          run(() => cancelOrder(order.id), {
            success: () => ({
              title: 'Order canceled',
              description: `Order #${order.id} will not be charged.`,
            }),
            failure: 'Could not cancel the order',
          })
        }
      >
        <p>The order has not been paid. Canceling it closes it for good; the customer can place a new one.</p>
      </ConfirmDialog>
    </div>
  );
}
