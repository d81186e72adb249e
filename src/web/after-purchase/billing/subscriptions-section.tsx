import { useNow } from '../../lib/use-now';
import { EmptyList } from '../../ui/empty-list';
import { TableCard } from '../../ui/table-card';
import { TableSkeleton } from '../../ui/table-skeleton';
import type { Subscription } from './billing-api';
import { SubscriptionRow } from './subscription-row';
import { subscriptionView } from './subscription-view';
import { useSubscriptionActions } from './use-subscription-actions';

/** One monthly subscription per order (D8), each with its own renewal date and actions. */
export function SubscriptionsSection({
  subscriptions,
}: {
  subscriptions: readonly Subscription[] | undefined;
}) {
  const actions = useSubscriptionActions();
  const now = useNow(60_000);
  return (
    <TableCard
      title="Subscriptions"
      description="Each order is a monthly subscription with its own renewal date. Cancel any time; your panels stay active until the end of the paid period."
    >
      {!subscriptions ? (
        <TableSkeleton rows={2} label="Loading your subscriptions" />
      ) : subscriptions.length === 0 ? (
        <EmptyList>You have no subscriptions yet.</EmptyList>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {subscriptions.map((s) => (
            <SubscriptionRow
              key={s.orderId}
              subscription={s}
              view={subscriptionView(s, now)}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </TableCard>
  );
}
