import { useNow } from '../../lib/use-now';
import { StaticListBody } from '../../ui/static-list-body';
import { TableCard } from '../../ui/table-card';
import type { Subscription } from '../api/billing-api';
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
      description="Each order is a monthly subscription with its own renewal date; its panels renew together. Cancel the whole order here, or single panels on the dashboard, any time: they stay active until the end of the paid period."
    >
      <StaticListBody
        rows={subscriptions}
        loading="Loading your subscriptions"
        empty="You have no subscriptions yet."
        skeletonRows={2}
      >
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {subscriptions?.map((s) => (
            <SubscriptionRow
              key={s.orderId}
              subscription={s}
              view={subscriptionView(s, now)}
              actions={actions}
            />
          ))}
        </ul>
      </StaticListBody>
    </TableCard>
  );
}
