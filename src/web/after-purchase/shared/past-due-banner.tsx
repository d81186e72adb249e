import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { formatCents } from '../../../domain/format';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { stepText } from '../../lib/dunning-step';
import { useCan } from '../../lib/use-can';
import { Button } from '../../ui/button';
import { stripePortalUrl } from '../api/billing-api';
import { type PastDueSubscription, pastDueQuery, payNow } from '../api/past-due-api';
import { NoticeBand } from './notice-band';

/** The two ways out of a past-due renewal, as the server decided them for this order. */
function Actions({ subscription }: { subscription: PastDueSubscription }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { orderId } = subscription;
  const pay = useMutation({
    mutationFn: () => payNow(orderId),
    onSuccess: async (result) => {
      if (result.outcome === 'charged') {
        toast.success('Payment received', {
          description: `Your panels stay active until ${formatDate(result.periodEnd)}.`,
        });
        await queryClient.invalidateQueries({ queryKey: ['me'] });
      } else if (result.outcome === 'declined') {
        toast.error('Your card was declined', { description: 'Update your payment method and try again.' });
      } else if (result.outcome === 'portal') {
        window.location.assign(result.url);
      } else {
        void navigate(result.url);
      }
    },
    onError: (error) => toast.error(errorMessage(error, 'The payment could not be made. Please try again.')),
  });
  const update = useMutation({
    mutationFn: () => stripePortalUrl(orderId),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toast.error(errorMessage(error, 'The payment portal could not be opened.')),
  });
  const updateMethod = () => {
    if (subscription.updateMethod === 'portal') update.mutate();
    else void navigate('/billing#payment-methods-title');
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={updateMethod}
        disabled={update.isPending}
        aria-label={`Update payment method for order #${orderId}`}
      >
        Update payment method
      </Button>
      <Button
        size="sm"
        onClick={() => pay.mutate()}
        disabled={pay.isPending}
        aria-label={`Pay now for order #${orderId}`}
      >
        Pay now
      </Button>
    </div>
  );
}

/**
 * While a renewal of the customer's is past due (D8, docs/decisions/0019-dunning.md): what it
 * costs, what happens next and when the panels are switched off, with 'Update payment method'
 * and 'Pay now' for the roles that manage billing. Shown on /dashboard and /billing; renders
 * nothing otherwise.
 */
export function PastDueBanner() {
  const { data } = useQuery(pastDueQuery);
  const canPay = useCan('billing.manage');
  if (!data || data.length === 0) return null;
  return (
    <NoticeBand
      id="past-due-title"
      tone="red"
      icon={AlertTriangle}
      title={data.length === 1 ? 'A renewal payment is past due' : 'Renewal payments are past due'}
    >
      <ul className="mt-3 space-y-3">
        {data.map((s) => (
          <li key={s.orderId} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p>
              Order #{s.orderId} · {formatCents(s.amountCents)} · your panels are switched off on{' '}
              {formatDate(s.expiresAt)} unless it is paid.{' '}
              {s.next.kind === 'expire' ? '' : `Next: ${stepText(s.next)}.`}
            </p>
            {canPay ? (
              <Actions subscription={s} />
            ) : (
              <p className="text-sm">An owner, admin or billing member of the workspace can pay it.</p>
            )}
          </li>
        ))}
      </ul>
    </NoticeBand>
  );
}
