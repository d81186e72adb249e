import { z } from 'zod';

/**
 * Paging of a customer's own lists (/dashboard panels, /orders; D11 applied to the customer's
 * side). Every query is scoped to one customer through an index on the owner, so a total is
 * an exact count; pages still go no deeper than the admin lists' browse depth (10,000 rows,
 * src/server/admin/paging.ts), so no request can ask the database to step over more.
 */
export const CUSTOMER_MAX_BROWSE_ROWS = 10_000;

export function customerPageSchema(pageSize: number) {
  const last = Math.ceil(CUSTOMER_MAX_BROWSE_ROWS / pageSize);
  return z.coerce
    .number()
    .int('page must be a whole number.')
    .min(1, 'page starts at 1.')
    .max(last, `Pages beyond ${last} are not listed; narrow the list with a search or a filter.`)
    .default(1)
    .describe(`1 to ${last}`);
}

/** The paging facts beside a page's rows (the rows keep their own key: `panels`, `orders`). */
export const customerPageFacts = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
};
