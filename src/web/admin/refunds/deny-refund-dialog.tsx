import { z } from 'zod';
import { NoteField } from '../../ui/note-field';
import { ZodFormDialog } from '../../ui/zod-form-dialog';
import { denyRefund, type RefundRequest } from '../api/refunds-api';
import { useAdminActionForm } from '../shared/use-admin-action-form';

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
    onClose,
  });

  return (
    <ZodFormDialog
      form={form}
      title={`Deny the refund for order #${request.orderId}?`}
      description="The order and its panels stay as they are."
      className="space-y-4 text-sm whitespace-normal text-slate-700 dark:text-slate-300"
      confirm={{ label: 'Deny refund', busyLabel: 'Denying...', tone: 'danger' }}
    >
      <p className="break-words">
        The customer wrote: <span className="italic">“{request.reason}”</span>
      </p>
      <NoteField id="deny-note" label="Note to the customer" {...form.bind('note')} />
    </ZodFormDialog>
  );
}
