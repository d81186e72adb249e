import { useQuery } from '@tanstack/react-query';
import { Boxes, CircleCheck, ClipboardList, Info, PackageOpen, PackageX } from 'lucide-react';
import { DELIVERY_HOURS } from '../../../domain/constants';
import { plural } from '../../../domain/format';
import { countText } from '../../lib/pager-labels';
import { useBackgroundRefresh } from '../../lib/use-background-refresh';
import { useLoadFailureToast } from '../../lib/use-load-failure-toast';
import { useNow } from '../../lib/use-now';
import { Alert } from '../../ui/alert';
import { ListBody, type ListTexts } from '../../ui/list-body';
import { StatCard } from '../../ui/stat-card';
import { TableCard } from '../../ui/table-card';
import { fetchQueueInBackground, fulfillmentQuery, QUEUE_REFRESH_MS } from '../api/fulfillment-api';
import { InventoryActions } from '../inventory/inventory-actions';
import { QueueRows } from './queue-rows';

const TEXTS: ListTexts = {
  loading: 'Loading the fulfillment queue',
  failure: 'Failed to load the fulfillment queue',
  empty: 'No paid orders are waiting for panels.',
};
const icon = 'h-5 w-5';

/**
 * Paid orders still missing panels (D7), oldest first, against the 6-hour promise, with the
 * stock beside them. It refreshes itself, and at once after any stock change made here.
 */
export function FulfillmentTab({ onOpenOrder }: { onOpenOrder: (id: number) => void }) {
  const query = useQuery(fulfillmentQuery);
  useBackgroundRefresh(fulfillmentQuery.queryKey, fetchQueueInBackground, QUEUE_REFRESH_MS, true);
  const { data } = query;
  const now = useNow();
  useLoadFailureToast(query.isError, query.errorUpdatedAt, 'admin-fulfillment-load', TEXTS.failure);
  const entries = data?.entries ?? [];
  const breached = entries.filter((e) => new Date(e.deadline).getTime() <= now.getTime()).length;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Waiting orders"
          value={data?.waitingOrders}
          icon={<ClipboardList className={icon} />}
        />
        <StatCard label="Panels needed" value={data?.panelsNeeded} icon={<Boxes className={icon} />} />
        <StatCard
          label="Available in stock"
          value={data && countText(data.available.value, !data.available.exact)}
          icon={<PackageOpen className={icon} />}
        />
        <StatCard label="Panels short" value={data?.panelsShort} icon={<PackageX className={icon} />} />
      </div>
      {data?.warning && (
        <Alert tone="error" title="Stock is too low for the waiting orders">
          {data.warning}
        </Alert>
      )}
      {breached > 0 && (
        <Alert
          tone="error"
          title={`${plural(breached, 'order has', 'orders have')} passed the ${DELIVERY_HOURS}-hour promise`}
        >
          Late orders are highlighted in red below. New stock goes to the oldest order first.
        </Alert>
      )}
      <TableCard
        title="Fulfillment queue"
        description={`Paid orders still missing panels, oldest first, against the ${DELIVERY_HOURS}-hour delivery promise.`}
        actions={<InventoryActions />}
      >
        <ListBody query={query} rows={entries} texts={TEXTS} skeletonRows={3}>
          <QueueRows entries={entries} now={now} onOpenOrder={onOpenOrder} />
        </ListBody>
      </TableCard>
      {data && entries.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-300">
          <CircleCheck className="h-4 w-4" aria-hidden="true" />
          Every paid order has all its panels.
        </p>
      )}
      {data && entries.length > 0 && (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Info className="h-4 w-4" aria-hidden="true" />
          Adding or importing panels fills these orders at once, oldest first, and e-mails their customers.
        </p>
      )}
    </div>
  );
}
