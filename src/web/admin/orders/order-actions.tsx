import { useState } from 'react';
import { formatCents, plural } from '../../../domain/format';
import { Button } from '../../ui/button';
import { DangerButton } from '../../ui/danger-button';
import { cancelOrder, markOrderPaid, type OrderDetail } from '../api/orders-api';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { isManualMethod, paymentMethodName } from '../shared/labels';
import { useAdminAction } from '../shared/use-admin-action';

/**
 * What an admin can do to a pending order: mark a bank transfer or crypto payment as received
 * (D6; allocation follows as for a card payment), or cancel it. Paid orders are refunded from
 * the refund queue instead, so they get neither button.
 */
export function OrderActions({ detail }: { detail: OrderDetail }) {
  const { order } = detail;
  const [confirming, setConfirming] = useState<'paid' | 'cancel' | null>(null);
  const run = useAdminAction();
  if (order.status !== 'pending_payment') return null;
  const manual = isManualMethod(order.paymentMethod);

  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
      <DangerButton onClick={() => setConfirming('cancel')}>Cancel order</DangerButton>
      {manual && <Button onClick={() => setConfirming('paid')}>Mark as paid</Button>}
      <ConfirmDialog
        open={confirming === 'paid'}
        onClose={() => setConfirming(null)}
        title={`Mark order #${order.id} as paid?`}
        confirmLabel="Mark as paid"
        busyLabel="Marking..."
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
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'cancel'}
        onClose={() => setConfirming(null)}
        title={`Cancel order #${order.id}?`}
        tone="danger"
        confirmLabel="Cancel order"
        busyLabel="Canceling..."
        cancelLabel="Keep order"
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
