import { type FormEvent, useState } from 'react';
import { REFUND_WINDOW_DAYS } from '../../../domain/constants';
import { errorMessage } from '../../lib/api';
import { useDialogSubmit } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/input';
import type { Subscription } from './billing-api';

const REASON_MAX = 1000;

/** The 14-day money-back request (D8): a reason is required; an admin reviews it. */
export function RefundRequestDialog({
  subscription,
  open,
  onClose,
  onSubmit,
}: {
  subscription: Subscription;
  open: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  // The server's own words when it refuses: the window has closed, or a request is already waiting.
  const {
    busy,
    error,
    submit: send,
    clearError,
  } = useDialogSubmit((caught) => errorMessage(caught, 'We could not send your request. Please try again.'));
  const fieldId = `refund-reason-${subscription.orderId}`;

  const close = () => {
    setReason('');
    setFieldError(undefined);
    clearError();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setFieldError('Please tell us why you would like a refund.');
      return;
    }
    setFieldError(undefined);
    if (await send(() => onSubmit(reason.trim()))) close();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!busy}
      title="Request a refund"
      description={`${subscription.planName} plan, order #${subscription.orderId}`}
    >
      <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {error && <Alert tone="error">{error}</Alert>}
        <p>
          Orders can be refunded within {REFUND_WINDOW_DAYS} days of purchase. We review each request; once
          approved, the payment goes back to your original payment method and the order's panels are revoked.
        </p>
        <FormField id={fieldId} label="Reason" error={fieldError}>
          {(describedBy) => (
            <Textarea
              id={fieldId}
              required
              maxLength={REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={describedBy}
              className="min-h-28"
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={busy}>
            Never mind
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Request refund'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
