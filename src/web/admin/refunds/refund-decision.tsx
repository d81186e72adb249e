import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCents } from '../../../domain/format';
import { Button } from '../../ui/button';
import { approveRefund, type RefundRequest } from '../api/refunds-api';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { DecisionButtons } from '../shared/decision-buttons';
import { useAdminAction } from '../shared/use-admin-action';
import { DenyRefundDialog } from './deny-refund-dialog';

/**
 * Approve, with the list refreshed on failure too: a failed approval leaves the request
 * 'refund failed' with a Retry, and the admin should see that at once.
 */
function useApprove(request: RefundRequest) {
  const run = useAdminAction();
  const queryClient = useQueryClient();
  return async () => {
    try {
      return await run(() => approveRefund(request.id), {
        success: (r) => ({
          title: 'Refund approved',
          description: `${formatCents(r.amountCents)} refunded for order #${r.orderId}; its panels are revoked.`,
        }),
        failure: 'Could not approve the refund',
      });
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
      throw error;
    }
  };
}

/**
 * A failed (or abandoned) approval, approved again. Safe: the provider refunds each payment
 * once whatever the number of attempts, so only the money not yet returned moves.
 */
export function RetryRefund({ request }: { request: RefundRequest }) {
  const [open, setOpen] = useState(false);
  const approve = useApprove(request);
  return (
    <>
      <Button
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Retry refund for order #${request.orderId}`}
      >
        Retry
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Retry the refund for order #${request.orderId}?`}
        confirm={{ label: 'Retry refund', busyLabel: 'Refunding...', tone: 'danger' }}
        onConfirm={approve}
      >
        <p>
          The approval did not finish
          {request.lastError ? (
            <>
              : <span className="break-words">{request.lastError}</span>
            </>
          ) : (
            '.'
          )}{' '}
          Retrying asks the payment provider again; a payment already refunded is not refunded twice. Then the
          subscription ends, the order's panels are revoked and the customer is e-mailed.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** Approve (after a clear confirmation of what it does) or deny (with a note) one request. */
export function RefundDecision({ request }: { request: RefundRequest }) {
  const approve = useApprove(request);
  const amount = formatCents(request.totalCents);
  return (
    <DecisionButtons
      accept={{ label: 'Approve', name: `Approve refund for order #${request.orderId}` }}
      decline={{ label: 'Deny', name: `Deny refund for order #${request.orderId}` }}
      confirmation={(dialog) => (
        <ConfirmDialog
          {...dialog}
          title={`Refund order #${request.orderId}?`}
          confirm={{ label: 'Approve refund', busyLabel: 'Refunding...', tone: 'danger' }}
          onConfirm={approve}
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
      )}
      refusal={(onClose) => <DenyRefundDialog request={request} onClose={onClose} />}
    />
  );
}
