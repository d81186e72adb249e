import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { plural } from '../../../domain/format';
import { useSite } from '../../lib/site';
import { Alert } from '../../ui/alert';
import { textLinkClasses } from '../../ui/text-link';
import { tabSearch } from '../admin-tabs';
import { statsQuery } from '../api/stats-api';
import { OrdersSection } from '../orders/orders-section';
import { PanelsSection } from '../panels/panels-section';
import { PastDueSection } from '../past-due/past-due-section';
import { AdminStats } from './admin-stats';
import { SandboxClockCard } from './sandbox-clock-card';

/**
 * Spec /admin as written: the three stat cards, the Orders table and the Admin Panels table;
 * the past-due subscriptions above the orders (D8).
 */
export function OverviewTab({ onOpenOrder }: { onOpenOrder: (id: number) => void }) {
  const { data } = useQuery(statsQuery);
  // Only where card payments run on the sandbox: elsewhere the clock's endpoints do not exist.
  const sandbox = useSite().sandboxClock !== null;
  return (
    <div className="space-y-8">
      <AdminStats />
      {sandbox && <SandboxClockCard />}
      {data && data.waitingOrders > 0 && (
        <Alert
          tone={data.panelsShort > 0 ? 'error' : 'info'}
          title={`${plural(data.waitingOrders, 'paid order is', 'paid orders are')} waiting for panels`}
        >
          {data.panelsShort > 0
            ? `Stock is ${plural(data.panelsShort, 'panel')} short of what they need. `
            : 'Stock covers them; they are being filled. '}
          <Link to={{ search: tabSearch('fulfillment') }} className={textLinkClasses}>
            Open the fulfillment queue
          </Link>
        </Alert>
      )}
      <PastDueSection onOpenOrder={onOpenOrder} />
      <OrdersSection onOpenOrder={onOpenOrder} />
      <PanelsSection />
    </div>
  );
}
