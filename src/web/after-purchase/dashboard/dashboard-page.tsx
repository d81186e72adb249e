import { DASHBOARD_LOAD_FAILED } from '../../../domain/messages';
import { AppPage } from '../../layout/app-page';
import { LoadError } from '../../ui/load-error';
import { ReplacementRequests } from '../replacements/replacement-requests';
import { AddPanelsLink, NewOrderLink } from '../shared/page-links';
import { PastDueBanner } from '../shared/past-due-banner';
import { PendingPaymentsNotice } from '../shared/pending-payments-notice';
import { AdminPanelsSection } from './admin-panels-section';
import { DashboardStats } from './dashboard-stats';
import { DeliveryRecordSection } from './delivery-record-section';
import { RecentOrders } from './recent-orders';
import { useDashboard } from './use-dashboard';

/** /dashboard (docs/product.md §2; D3, D7, D12): figures, panels on their way and delivered, orders. */
export default function DashboardPage() {
  const dashboard = useDashboard();
  const { data } = dashboard;
  return (
    <AppPage
      wide
      title="Dashboard"
      description="Your admin panels and orders at a glance."
      actions={
        <>
          {(data?.summary.stats.activePanels ?? 0) > 0 && <AddPanelsLink />}
          <NewOrderLink />
        </>
      }
    >
      {dashboard.isError && !data ? (
        // D3: say that it failed and offer a retry; never fill the page with sample data.
        <LoadError
          title={DASHBOARD_LOAD_FAILED}
          description="Check your connection and try again."
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <>
          <PastDueBanner />
          <PendingPaymentsNotice />
          <DashboardStats stats={data?.summary.stats} />
          <AdminPanelsSection data={data} />
          <ReplacementRequests />
          <RecentOrders orders={data?.orders} />
          <DeliveryRecordSection />
        </>
      )}
    </AppPage>
  );
}
