import { useState } from 'react';
import { formatCents } from '../../../domain/format';
import { Button } from '../../ui/button';
import { approveRefund, type RefundRequest } from '../api/refunds-api';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useAdminAction } from '../shared/use-admin-action';
import { DenyRefundDialog } from './deny-refund-dialog';

/** Approve (after a clear confirmation of what it does) or deny (with a note) one request. */
export function RefundDecision({ request }: { request: RefundRequest }) {
  const [open, setOpen] = useState<'approve' | 'deny' | null>(null);
  const run = useAdminAction();
  const amount = formatCents(request.totalCents);
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        onClick={() => setOpen('approve')}
        aria-label={`Approve refund for order #${request.orderId}`}
      >
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen('deny')}
        aria-label={`Deny refund for order #${request.orderId}`}
      >
        Deny
      </Button>
      <ConfirmDialog
        open={open === 'approve'}
        onClose={() => setOpen(null)}
        title={`Refund order #${request.orderId}?`}
        tone="danger"
        confirmLabel="Approve refund"
        busyLabel="Refunding..."
        onConfirm={() =>
          run(() => approveRefund(request.id), {
            success: (r) => ({
              title: 'Refund approved',
              description: `${formatCents(r.amountCents)} refunded for order #${r.orderId}; its panels are revoked.`,
            }),
            failure: 'Could not approve the refund',
          })
        }
      >
        <p>
          This refunds <strong className="text-slate-900 dark:text-white">{amount}</strong> to{' '}
          {request.customerEmail ? (
            <span className="break-words">{request.customerEmail}</span>
          ) : (
            'the customer'
          )}{' '}
          through the payment provider, ends the subscription and revokes the order's panels at once. The
          customer is e-mailed. It cannot be undone.
        </p>
      </ConfirmDialog>
      {open === 'deny' && <DenyRefundDialog request={request} onClose={() => setOpen(null)} />}
    </div>
  );
}
