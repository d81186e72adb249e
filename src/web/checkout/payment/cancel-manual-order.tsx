import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatCents } from '../../../domain/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cancelling } from '../../ui/dialog-actions';
import { abandonOrder } from '../api/orders-api';

/**
 * The customer's way out of a bank transfer or crypto order they will not pay (D5): the order
 * becomes canceled, nothing is owed, and a new order can be placed any time.
 */
export function CancelManualOrder({ orderId, amountCents }: { orderId: number; amountCents: number }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = async () => {
    await abandonOrder(String(orderId));
    // The instructions, /orders, the dashboard and /billing all read the order again.
    await queryClient.invalidateQueries({ queryKey: ['me'] });
    toast.success(`Order #${orderId} canceled`, { description: 'Nothing is owed for it.' });
  };

  return (
    <section
      aria-labelledby="cancel-order-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:border-slate-800"
    >
      <div>
        <h2 id="cancel-order-title" className="text-sm font-semibold text-slate-900 dark:text-white">
          Changed your mind?
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Cancel the order if you are not going to pay for it.
        </p>
      </div>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Cancel order #${orderId}?`}
        description={`${formatCents(amountCents)}, not paid yet`}
        confirm={cancelling('order')}
        onConfirm={cancel}
        failure="We could not cancel the order. Please try again."
      >
        <p>
          The order is closed for good and nothing is owed. If you already sent the payment, do not cancel:
          reply to our email instead and we match it to your order.
        </p>
      </ConfirmDialog>
    </section>
  );
}
