import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/status';
import type { Source } from '../../db/counting';
import { orders, user } from '../../db/schema';
import { parseSearch } from '../search';

export interface OrderFilter {
  status?: OrderStatus | undefined;
  search?: string | undefined;
}

/** Status, and a search that is an order number or part of the customer's e-mail or name. */
export function orderWhere(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  const term = parseSearch(filter.search);
  if (term) {
    const matches: SQL[] = [];
    if (term.id !== null) matches.push(eq(orders.id, term.id));
    if (term.pattern !== null) {
      matches.push(
        sql`${orders.userId} in (select ${user.id} from ${user} where ${user.email} ilike ${term.pattern} or ${user.name} ilike ${term.pattern})`,
      );
    }
    conditions.push(matches.length === 1 ? matches[0]! : sql`(${sql.join(matches, sql` or `)})`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export function orderSource(filter: OrderFilter): Source {
  return { from: sql`${orders}`, where: orderWhere(filter) };
}
