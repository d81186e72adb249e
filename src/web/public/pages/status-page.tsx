import { DELIVERY_HOURS, DELIVERY_RECORD_DAYS } from '../../../domain/constants';
import { useShopStatus } from '../../lib/api/shop-status-api';
import { CircleCheck } from '../../lib/icons/circle-check';
import { Hourglass } from '../../lib/icons/hourglass';
import { Card } from '../../ui/card';
import { DeliveryRecordFigures } from '../../ui/delivery-record-figures';
import { LoadError } from '../../ui/load-error';
import { Skeleton } from '../../ui/skeleton';
import { PageHeader } from '../components/page-header';
import { PublicLayout } from '../layout/public-layout';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

export const meta: PageMeta = {
  title: 'Delivery Status',
  description: `How fast we deliver admin panels, measured over the last ${DELIVERY_RECORD_DAYS} days, and whether stock covers the orders waiting now.`,
};

const updated = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /status (docs/product.md §10): the delivery record and stock, from the orders table; no customer data. */
export default function StatusPage() {
  const status = useShopStatus();
  const { data } = status;
  return (
    <PublicLayout>
      <PageHeader eyebrow="Status" title="Delivery status">
        <p>
          We promise delivery within {DELIVERY_HOURS} hours of payment. These figures show how we keep that
          promise, computed from every paid order of the last {DELIVERY_RECORD_DAYS} days.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-6 px-4 pb-20 sm:px-6 lg:px-8">
        {status.isError && !data ? (
          <LoadError
            title="The delivery figures could not be loaded."
            description="Check your connection and try again."
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        ) : (
          <>
            <DeliveryRecordFigures record={data?.record} />
            <Card className="flex items-start gap-4 p-5">
              {data === undefined ? (
                <Skeleton className="h-12 w-full" />
              ) : data.stockCoversWaiting ? (
                <>
                  <CircleCheck
                    className="mt-0.5 h-6 w-6 shrink-0 text-emerald-600 dark:text-emerald-400"
                    aria-hidden="true"
                  />
                  <div>
                    <h2 className="font-semibold text-slate-900 dark:text-white">
                      Stock covers every waiting order
                    </h2>
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                      A new order is delivered from the panels in stock as soon as it is paid.
                    </p>
                  </div>
                </>
              ) : (
                <>
                  <Hourglass
                    className="mt-0.5 h-6 w-6 shrink-0 text-amber-600 dark:text-amber-400"
                    aria-hidden="true"
                  />
                  <div>
                    <h2 className="font-semibold text-slate-900 dark:text-white">
                      Orders are waiting for new stock
                    </h2>
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                      Some paid orders are waiting for panels. New stock goes to the oldest payment first, and
                      each customer sees their place in the queue on their dashboard.
                    </p>
                  </div>
                </>
              )}
            </Card>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {data ? `Updated ${updated.format(new Date(data.computedAt))}. ` : ''}The delivery time runs
              from payment to the last panel of the order. An order still waiting past {DELIVERY_HOURS} hours
              counts as late from that moment. Questions?{' '}
              <Link to="/contact" className="font-medium text-brand-700 underline dark:text-indigo-300">
                Contact us
              </Link>
              .
            </p>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
