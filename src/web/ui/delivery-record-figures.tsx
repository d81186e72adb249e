import { Gauge, Timer, TimerReset } from 'lucide-react';
import type { DeliveryRecord } from '../../domain/api/status';
import { DELIVERY_HOURS } from '../../domain/constants';
import { deliveryTimeText, shareText } from '../lib/delivery-figures';
import { StatCard } from './stat-card';

const icon = 'h-4 w-4';

/**
 * The shop's delivery record as three figures (docs/product.md §10), on /status and the
 * dashboard. `record` is undefined while loading; a figure with nothing to measure says so.
 */
export function DeliveryRecordFigures({ record }: { record: DeliveryRecord | undefined }) {
  const none = 'No deliveries yet';
  const minutes = (value: number | null | undefined) =>
    record === undefined ? undefined : value === null || value === undefined ? none : deliveryTimeText(value);
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
      <StatCard
        label="Median delivery time"
        value={minutes(record?.medianMinutes)}
        note="From payment to the last panel delivered"
        icon={<Timer className={icon} />}
      />
      <StatCard
        label="95% delivered within"
        value={minutes(record?.p95Minutes)}
        note="Nineteen orders in twenty took no longer"
        icon={<TimerReset className={icon} />}
      />
      <StatCard
        label={`Delivered within ${DELIVERY_HOURS} hours`}
        value={
          record === undefined
            ? undefined
            : record.withinPromiseShare === null
              ? none
              : shareText(record.withinPromiseShare)
        }
        note={record === undefined ? undefined : `Of the orders paid in the last ${record.days} days`}
        icon={<Gauge className={icon} />}
      />
    </div>
  );
}
