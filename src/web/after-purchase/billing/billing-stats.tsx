import { CalendarClock, DollarSign, ShoppingBag } from 'lucide-react';
import { formatCents } from '../../../domain/format';
import { LOADING, NO_PURCHASES_YET } from '../../../domain/messages';
import { formatDate } from '../../lib/dates';
import { StatCard } from '../../ui/stat-card';
import type { BillingSummary } from '../api/billing-api';

const icon = 'h-4 w-4';

/** Spec /billing cards: Total Spent, Total Orders, Last Purchase. `billing` is undefined while loading. */
export function BillingStats({ billing }: { billing: BillingSummary | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      <StatCard
        label="Total Spent"
        value={billing && formatCents(billing.totalSpentCents)}
        icon={<DollarSign className={icon} />}
      />
      <StatCard label="Total Orders" value={billing?.totalOrders} icon={<ShoppingBag className={icon} />} />
      <StatCard
        label="Last Purchase"
        value={
          billing &&
          (billing.lastPurchaseAt ? (
            formatDate(billing.lastPurchaseAt)
          ) : (
            <span className="text-base font-medium text-slate-500 dark:text-slate-400">
              {NO_PURCHASES_YET}
            </span>
          ))
        }
        loadingText={LOADING}
        className="col-span-2 sm:col-span-1"
        icon={<CalendarClock className={icon} />}
      />
    </div>
  );
}
