import { plural } from '../../../domain/format';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useConfirmDialog } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Dialog } from '../../ui/dialog';
import { CancelAndConfirm } from '../../ui/dialog-actions';
import type { Subscription } from '../api/billing-api';

/**
 * Confirms a cancellation and says what it means (D8): nothing renews, the panels stay until
 * the paid period ends, and it can be undone until then.
 */
export function CancelSubscriptionDialog({
  subscription,
  open,
  onClose,
  onConfirm,
}: {
  subscription: Subscription;
  open: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { busy, error, close, confirm } = useConfirmDialog(onClose, onConfirm, (caught) =>
    errorMessage(caught, 'We could not cancel the subscription. Please try again.'),
  );
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!busy}
      title="Cancel subscription?"
      description={`${subscription.planName} plan, order #${subscription.orderId}`}
    >
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {error && <Alert tone="error">{error}</Alert>}
        <p>
          Your subscription will not renew. You keep access to your{' '}
          {plural(subscription.quantity, 'admin panel')} until the end of the current billing period
          {end ? `, on ${end}` : ''}; after that {subscription.quantity === 1 ? 'it is' : 'they are'} removed
          from your account.
        </p>
        <p>You can resume the subscription any time before then. There are no pro-rated refunds.</p>
        <CancelAndConfirm
          busy={busy}
          onCancel={close}
          cancelLabel="Keep subscription"
          label="Cancel subscription"
          busyLabel="Canceling..."
          onConfirm={() => void confirm()}
          tone="danger"
        />
      </div>
    </Dialog>
  );
}
