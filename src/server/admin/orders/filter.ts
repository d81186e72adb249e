import { type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/status';
import { orders, user } from '../../db/schema';
import { statusAndSearch } from '../search';

export interface OrderFilter {
  status?: OrderStatus | undefined;
  search?: string | undefined;
}

/** Status, and a search that is an order number or part of the customer's e-mail or name. */
export function orderWhere(filter: OrderFilter): SQL | undefined {
  return statusAndSearch(
    orders,
    filter,
    (pattern) =>
      sql`${orders.userId} in (select ${user.id} from ${user} where ${user.email} ilike ${pattern} or ${user.name} ilike ${pattern})`,
  );
}
