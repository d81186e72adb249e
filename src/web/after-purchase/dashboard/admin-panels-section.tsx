import { Card } from '../../ui/card';
import { TableSkeleton } from '../../ui/table-skeleton';
import { ActivePanels } from './active-panels';
import type { DashboardData } from './dashboard-api';
import { NoPanels } from './no-panels';
import { ProcessingPanels } from './processing-panels';
import { panelsOnTheirWay } from './processing-rows';

/**
 * Spec "Admin Panels section": panels on their way, delivered panels, or the empty state when
 * there are neither. `data` is undefined while loading.
 */
export function AdminPanelsSection({ data }: { data: DashboardData | undefined }) {
  const waiting = data ? panelsOnTheirWay(data.summary.processing) : 0;
  return (
    <section aria-labelledby="admin-panels-title" className="space-y-4">
      <h2 id="admin-panels-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Admin Panels
      </h2>
      {!data ? (
        <Card className="overflow-hidden">
          <TableSkeleton rows={4} label="Loading your admin panels" />
        </Card>
      ) : waiting === 0 && data.panels.length === 0 ? (
        <NoPanels />
      ) : (
        <>
          {waiting > 0 && <ProcessingPanels processing={data.summary.processing} />}
          {data.panels.length > 0 && <ActivePanels panels={data.panels} />}
        </>
      )}
    </section>
  );
}
