import { ORDER_STATUSES, type OrderStatus, orderBadge } from '../../domain/status';
import type { FilterOption } from './select-filter';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The status filter names each status by the word its badge shows (D5), so filter and table agree. */
export const ORDER_STATUS_OPTIONS: readonly FilterOption<OrderStatus>[] = [
  { value: '', label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: capitalize(orderBadge(status).label) })),
];
