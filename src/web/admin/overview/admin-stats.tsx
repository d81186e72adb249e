import { useQuery } from '@tanstack/react-query';
import { CircleCheck, PackageOpen, Server } from 'lucide-react';
import { countText } from '../../lib/pager-labels';
import { LoadError } from '../../ui/load-error';
import { StatCard } from '../../ui/stat-card';
import { statsQuery } from '../api/stats-api';

const icon = 'h-5 w-5';

/**
 * The three cards of spec /admin, with its notes word for word: stock that can be sold,
 * panels customers are using, and completed orders.
 */
export function AdminStats() {
  const query = useQuery(statsQuery);
  const { data } = query;
  if (query.isError && !data) {
    return (
      <LoadError
        title="Failed to load the figures"
        description="Check your connection and try again."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const figure = (count: { value: number; exact: boolean } | undefined) =>
    count && countText(count.value, !count.exact);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        label="Total Panels"
        value={figure(data?.totalPanels)}
        note="Available admin panels"
        icon={<PackageOpen className={icon} />}
      />
      <StatCard
        label="Active Panels"
        value={figure(data?.activePanels)}
        note="Currently active admin panels"
        icon={<Server className={icon} />}
      />
      <StatCard
        label="Total Orders"
        value={figure(data?.totalOrders)}
        note="Completed customer orders"
        icon={<CircleCheck className={icon} />}
      />
    </div>
  );
}
