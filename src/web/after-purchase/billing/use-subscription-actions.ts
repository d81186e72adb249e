import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import {
  BILLING_QUERY_KEY,
  cancelSubscription,
  requestRefund,
  resumeSubscription,
  type Subscription,
  stripePortalUrl,
} from '../api/billing-api';
import { DASHBOARD_QUERY_KEY } from '../api/dashboard-api';

/**
 * What the subscription cards can do. Each action refreshes billing (and the dashboard, whose
 * figures it may change) so the page shows the server's new state, not a guess.
 */
export function useSubscriptionActions() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
    ]);
  };

  /** Throws on failure: the confirmation dialog shows the reason and stays open. */
  const cancel = async (s: Subscription) => {
    await cancelSubscription(s.orderId);
    await refresh();
    const until = s.currentPeriodEnd ? ` until ${formatDate(s.currentPeriodEnd)}` : '';
    toast.success('Subscription canceled', { description: `Your panels stay active${until}.` });
  };

  const resume = async (s: Subscription) => {
    try {
      await resumeSubscription(s.orderId);
      await refresh();
      toast.success('Subscription resumed', { description: 'It will renew as usual.' });
    } catch (error) {
      toast.error('Could not resume the subscription', {
        description: errorMessage(error, 'Please try again.'),
      });
    }
  };

  /** Throws on failure: the refund dialog shows the server's reason. */
  const refund = async (s: Subscription, reason: string) => {
    await requestRefund(s.orderId, reason);
    await refresh();
    toast.success('Refund requested', { description: 'We will review your request shortly.' });
  };

  const openPortal = async (s: Subscription) => {
    try {
      window.location.assign(await stripePortalUrl(s.orderId));
    } catch (error) {
      toast.error('Could not open Stripe', { description: errorMessage(error, 'Please try again.') });
    }
  };

  return { cancel, resume, refund, openPortal };
}
