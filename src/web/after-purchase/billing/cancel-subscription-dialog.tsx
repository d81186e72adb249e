import { plural } from '../../../domain/format';
import { formatDate } from '../../lib/dates';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { cancelling } from '../../ui/dialog-actions';
import type { Subscription } from '../api/billing-api';
import { subscriptionName } from './subscription-view';

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
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Cancel subscription?"
      description={subscriptionName(subscription)}
      confirm={cancelling('subscription')}
      onConfirm={onConfirm}
      failure="We could not cancel the subscription. Please try again."
    >
      <p>
        Your subscription will not renew. You keep access to your{' '}
        {plural(subscription.quantity, 'admin panel')} until the end of the current billing period
        {end ? `, on ${end}` : ''}; after that {subscription.quantity === 1 ? 'it is' : 'they are'} removed
        from your account.
      </p>
      <p>You can resume the subscription any time before then. There are no pro-rated refunds.</p>
    </ConfirmDialog>
  );
}
