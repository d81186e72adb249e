import { refundRequestBodySchema } from '../../../domain/api/billing';
import { REFUND_WINDOW_DAYS } from '../../../domain/constants';
import { errorMessage } from '../../lib/api';
import { useDialogForm } from '../../lib/use-dialog-form';
import { NoteField } from '../../ui/note-field';
import { ZodFormDialog } from '../../ui/zod-form-dialog';
import type { Subscription } from '../api/billing-api';
import { subscriptionName } from './subscription-view';

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
  const form = useDialogForm(onClose, {
    schema: refundRequestBodySchema,
    initialValues: { reason: '' },
    onSubmit: async ({ reason }, close) => {
      await onSubmit(reason);
      close();
    },
    // The server's own words when it refuses: the window has closed, or a request is already waiting.
    onError: (caught) => errorMessage(caught, 'We could not send your request. Please try again.'),
  });
  const fieldId = `refund-reason-${subscription.orderId}`;

  return (
    <ZodFormDialog
      form={form}
      open={open}
      title="Request a refund"
      description={subscriptionName(subscription)}
      confirm={{ cancelLabel: 'Never mind', label: 'Request refund', busyLabel: 'Sending...' }}
    >
      <p>
        Orders can be refunded within {REFUND_WINDOW_DAYS} days of purchase. We review each request; once
        approved, the payment goes back to your original payment method and the order's panels are revoked.
      </p>
      <NoteField id={fieldId} label="Reason" {...form.bind('reason')} />
    </ZodFormDialog>
  );
}
