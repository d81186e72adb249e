import { z } from 'zod';
import { CancelAndConfirm } from '../../ui/dialog-actions';
import { FormDialog } from '../../ui/form-dialog';
import { TextareaField } from '../../ui/text-field';
import { denyRefund, type RefundRequest } from '../api/refunds-api';
import { useAdminActionForm } from '../shared/use-admin-action-form';

const NOTE_MAX = 1000;

const denySchema = z.object({
  note: z.string().trim().min(1, 'Write a short note: the customer reads it.'),
});

/** Denies a refund with a note the customer will read (required by the server, D8). */
export function DenyRefundDialog({ request, onClose }: { request: RefundRequest; onClose: () => void }) {
  const form = useAdminActionForm({
    schema: denySchema,
    initialValues: { note: '' },
    action: ({ note }) => denyRefund(request.id, note),
    texts: {
      success: () => ({
        title: 'Refund denied',
        description: `The customer of order #${request.orderId} is told why.`,
      }),
      failure: 'Could not deny the refund',
    },
    onDone: onClose,
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Deny the refund for order #${request.orderId}?`}
      description="The order and its panels stay as they are."
      busy={form.busy}
      formRef={form.formRef}
      onSubmit={form.submit}
      error={form.formError}
      className="space-y-4 text-sm whitespace-normal text-slate-700 dark:text-slate-300"
    >
      <p className="break-words">
        The customer wrote: <span className="italic">“{request.reason}”</span>
      </p>
      <TextareaField
        id="deny-note"
        label="Note to the customer"
        required
        maxLength={NOTE_MAX}
        className="min-h-28"
        {...form.bind('note')}
      />
      <CancelAndConfirm
        busy={form.busy}
        onCancel={onClose}
        label="Deny refund"
        busyLabel="Denying..."
        tone="danger"
      />
    </FormDialog>
  );
}
