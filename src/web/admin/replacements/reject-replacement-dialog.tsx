import { rejectReplacementBodySchema } from '../../../domain/api/replacements';
import { NoteField } from '../../ui/note-field';
import { ZodFormDialog } from '../../ui/zod-form-dialog';
import { type AdminReplacement, rejectReplacement } from '../api/replacements-api';
import { useAdminActionForm } from '../shared/use-admin-action-form';

/** Rejects a replacement request with the reason the customer reads on their dashboard. */
export function RejectReplacementDialog({
  request,
  onClose,
}: {
  request: AdminReplacement;
  onClose: () => void;
}) {
  const form = useAdminActionForm({
    schema: rejectReplacementBodySchema,
    initialValues: { reason: '' },
    action: ({ reason }) => rejectReplacement(request.id, reason),
    texts: {
      success: (r) => ({ title: 'Request rejected', description: r.message }),
      failure: 'Could not reject',
    },
    onClose,
  });
  return (
    <ZodFormDialog
      form={form}
      title={`Reject the report on ${request.panelEmail}?`}
      description="The panel stays with the customer as it is."
      className="space-y-4 text-sm break-words whitespace-normal text-slate-700 dark:text-slate-300"
      confirm={{ label: 'Reject request', busyLabel: 'Rejecting...', tone: 'danger' }}
    >
      {request.note && (
        <p>
          The customer wrote: <span className="italic">“{request.note}”</span>
        </p>
      )}
      <NoteField id="reject-replacement-reason" label="Reason for the customer" {...form.bind('reason')} />
    </ZodFormDialog>
  );
}
