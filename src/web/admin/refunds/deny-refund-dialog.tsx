import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DangerButton } from '../../ui/danger-button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/input';
import { denyRefund, type RefundRequest } from '../api/refunds-api';
import { useAdminAction } from '../shared/use-admin-action';

const NOTE_MAX = 1000;

/** Denies a refund with a note the customer will read (required by the server, D8). */
export function DenyRefundDialog({ request, onClose }: { request: RefundRequest; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useAdminAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (note.trim() === '') {
      setFieldError('Write a short note: the customer reads it.');
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await run(() => denyRefund(request.id, note.trim()), {
        success: () => ({
          title: 'Refund denied',
          description: `The customer of order #${request.orderId} is told why.`,
        }),
        failure: 'Could not deny the refund',
      });
      onClose();
    } catch (error) {
      setServerError(errorMessage(error, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title={`Deny the refund for order #${request.orderId}?`}
      description="The order and its panels stay as they are."
    >
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4 text-sm whitespace-normal text-slate-700 dark:text-slate-300"
      >
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <p className="break-words">
          The customer wrote: <span className="italic">“{request.reason}”</span>
        </p>
        <FormField id="deny-note" label="Note to the customer" error={fieldError}>
          {(describedBy) => (
            <Textarea
              id="deny-note"
              required
              maxLength={NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={describedBy}
              className="min-h-28"
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <DangerButton type="submit" disabled={busy}>
            {busy ? 'Denying...' : 'Deny refund'}
          </DangerButton>
        </div>
      </form>
    </Dialog>
  );
}
