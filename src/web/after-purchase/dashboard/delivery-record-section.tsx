import { Link } from 'react-router';
import { DELIVERY_RECORD_DAYS } from '../../../domain/constants';
import { useShopStatus } from '../../lib/api/shop-status-api';
import { DeliveryRecordFigures } from '../../ui/delivery-record-figures';

/**
 * How fast the shop has delivered lately (docs/product.md §10), under the customer's own
 * figures: a waiting customer can judge "is my order stuck?" against the record. A failed
 * load hides the section; the rest of the dashboard does not depend on it.
 */
export function DeliveryRecordSection() {
  const { data, isError } = useShopStatus();
  if (isError && !data) return null;
  return (
    <section aria-labelledby="delivery-record-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="delivery-record-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Our delivery record, last {DELIVERY_RECORD_DAYS} days
        </h2>
        <Link
          to="/status"
          className="text-sm font-medium text-brand-700 hover:underline dark:text-indigo-300"
        >
          Delivery status
        </Link>
      </div>
      <DeliveryRecordFigures record={data?.record} />
    </section>
  );
}
