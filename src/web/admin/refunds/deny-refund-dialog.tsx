import { type FormEvent, useState } from 'react';
import { useDialogSubmit } from '../../lib/use-dialog-submit';
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
  const dialog = useDialogSubmit();
  const run = useAdminAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') {
      setFieldError('Write a short note: the customer reads it.');
      return;
    }
    setFieldError(undefined);
    const done = await dialog.submit(() =>
      run(() => denyRefund(request.id, note.trim()), {
        success: () => ({
          title: 'Refund denied',
          description: `The customer of order #${request.orderId} is told why.`,
        }),
        failure: 'Could not deny the refund',
      }),
    );
    if (done) onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!dialog.busy}
      title={`Deny the refund for order #${request.orderId}?`}
      description="The order and its panels stay as they are."
    >
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4 text-sm whitespace-normal text-slate-700 dark:text-slate-300"
      >
        {dialog.error && <Alert tone="error">{dialog.error}</Alert>}
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
          <Button variant="outline" onClick={onClose} disabled={dialog.busy}>
            Cancel
          </Button>
          <DangerButton type="submit" disabled={dialog.busy}>
            {dialog.busy ? 'Denying...' : 'Deny refund'}
          </DangerButton>
        </div>
      </form>
    </Dialog>
  );
}
