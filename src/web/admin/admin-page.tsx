import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppPage } from '../layout/app-page';
import { TabPanel, Tabs } from '../ui/tabs';
import { ADMIN_TABS, type AdminTab, TAB_LABELS, TAB_PARAM, tabFrom } from './admin-tabs';
import { refundsQuery } from './api/refunds-api';
import { replacementsQuery } from './api/replacements-api';
import { statsQuery } from './api/stats-api';
import { AuditTab } from './audit/audit-tab';
import { CustomersTab } from './customers/customers-tab';
import { FulfillmentTab } from './fulfillment/fulfillment-tab';
import { OrderDetailDialog } from './orders/order-detail-dialog';
import { OverviewTab } from './overview/overview-tab';
import { RefundsTab } from './refunds/refunds-tab';
import { ReplacementsTab } from './replacements/replacements-tab';
import { SystemTab } from './system/system-tab';

/** A tab's name with the number of things waiting there, so work is visible from any tab. */
function TabLabel({ tab, waiting }: { tab: AdminTab; waiting: number | undefined }) {
  return (
    <span className="inline-flex items-center justify-center gap-1.5 whitespace-nowrap">
      {TAB_LABELS[tab]}
      {waiting ? (
        <span className="rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white">
          {waiting}
        </span>
      ) : null}
    </span>
  );
}

/**
 * /admin (docs/product.md §2, D11): one route whose views are tabs named in the query string. The
 * order detail is one dialog for the whole console: any view (orders, queue, refunds, a
 * customer) opens it.
 */
export default function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get(TAB_PARAM));
  const idBase = useId();
  const [openOrder, setOpenOrder] = useState<number | null>(null);
  const stats = useQuery(statsQuery);

  const refunds = useQuery(refundsQuery('open'));
  const replacements = useQuery(replacementsQuery('open'));

  const waiting: Partial<Record<AdminTab, number>> = {
    fulfillment: stats.data?.waitingOrders,
    refunds: refunds.data?.refunds.length,
    replacements: replacements.data?.requests.length,
  };
  const select = (next: AdminTab) =>
    setParams(next === 'overview' ? {} : { [TAB_PARAM]: next }, { preventScrollReset: true });

  return (
    <AppPage
      wide
      title="Admin Dashboard"
      description="Orders, inventory, fulfillment, refunds, replacements, customers, the audit log and the system's background work."
    >
      {/* Seven tabs do not fit one row on a phone or beside the sidebar on a small laptop: they
          wrap into rows there, so every tab and its count stays in view (no sideways scroll
          that could hide the open one). */}
      <Tabs
        idBase={idBase}
        label="Admin sections"
        value={tab}
        onChange={select}
        layout="grid-cols-2 sm:grid-cols-3 xl:auto-cols-fr xl:grid-flow-col xl:grid-cols-none"
        items={ADMIN_TABS.map((t) => ({ value: t, label: <TabLabel tab={t} waiting={waiting[t]} /> }))}
      />
      <TabPanel idBase={idBase} value={tab}>
        {tab === 'overview' && <OverviewTab onOpenOrder={setOpenOrder} />}
        {tab === 'fulfillment' && <FulfillmentTab onOpenOrder={setOpenOrder} />}
        {tab === 'refunds' && <RefundsTab onOpenOrder={setOpenOrder} />}
        {tab === 'replacements' && <ReplacementsTab onOpenOrder={setOpenOrder} />}
        {tab === 'customers' && <CustomersTab onOpenOrder={setOpenOrder} />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'system' && <SystemTab />}
      </TabPanel>
      <OrderDetailDialog orderId={openOrder} onClose={() => setOpenOrder(null)} />
    </AppPage>
  );
}
