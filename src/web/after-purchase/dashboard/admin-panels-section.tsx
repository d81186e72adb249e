import { Card } from '../../ui/card';
import { TableSkeleton } from '../../ui/table-skeleton';
import type { DashboardData } from '../api/dashboard-api';
import { ActivePanels } from './active-panels';
import { NoPanels } from './no-panels';
import { PastPanels } from './past-panels';
import { ProcessingPanels } from './processing-panels';
import { panelsOnTheirWay } from './processing-rows';

/**
 * Spec "Admin Panels section": panels on their way, delivered panels, or the empty state when
 * there are neither; below them, apart, the panels that expired or were refunded. `data` is
 * undefined while loading. The figures decide which lists show; each list pages itself.
 */
export function AdminPanelsSection({ data }: { data: DashboardData | undefined }) {
  const waiting = data ? panelsOnTheirWay(data.summary.processing) : 0;
  const active = data?.summary.stats.activePanels ?? 0;
  const past = data?.summary.pastPanels ?? 0;
  return (
    <section aria-labelledby="admin-panels-title" className="space-y-4">
      <h2 id="admin-panels-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Admin Panels
      </h2>
      {!data ? (
        <Card className="overflow-hidden">
          <TableSkeleton rows={4} label="Loading your admin panels" />
        </Card>
      ) : (
        <>
          {waiting === 0 && active === 0 && <NoPanels />}
          {waiting > 0 && <ProcessingPanels processing={data.summary.processing} />}
          {active > 0 && <ActivePanels total={active} />}
          {past > 0 && <PastPanels count={past} />}
        </>
      )}
    </section>
  );
}
