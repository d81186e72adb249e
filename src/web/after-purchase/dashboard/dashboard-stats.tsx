import { CircleCheck, Clock, Server, ShoppingBag } from 'lucide-react';
import { ACTIVE_PANELS_NOTE } from '../../../domain/messages';
import { StatCard } from '../../ui/stat-card';
import type { DashboardSummary } from '../api/dashboard-api';

const icon = 'h-4 w-4';

/** The four figures of spec /dashboard; `stats` is undefined while loading. */
export function DashboardStats({ stats }: { stats: DashboardSummary['stats'] | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label="Active Admin Panels"
        value={stats?.activePanels}
        note={ACTIVE_PANELS_NOTE}
        icon={<Server className={icon} />}
      />
      <StatCard
        label="Completed Orders"
        value={stats?.completedOrders}
        icon={<CircleCheck className={icon} />}
      />
      <StatCard label="Processing Orders" value={stats?.processingOrders} icon={<Clock className={icon} />} />
      <StatCard
        label="Total Purchases"
        value={stats?.totalPurchases}
        icon={<ShoppingBag className={icon} />}
      />
    </div>
  );
}
