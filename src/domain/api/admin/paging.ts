import { z } from 'zod';
import { idParamsSchema, safeText } from '../../input-bounds';

/**
 * What every admin list shares (D11): how deep a page may go, the page, sort and search
 * inputs, and a page's answer. Why the depth is capped: src/server/admin/paging.ts.
 */
export const MAX_BROWSE_ROWS = 10_000;

export function maxPage(pageSize: number): number {
  return Math.ceil(MAX_BROWSE_ROWS / pageSize);
}

export const idParams = idParamsSchema;

export const sortSchema = z
  .enum(['newest', 'oldest'])
  .default('newest')
  .describe('newest first (default) or oldest first');

export const searchSchema = safeText(200, { messages: { tooLong: 'Search is at most 200 characters.' } })
  .optional()
  .describe('Part of an e-mail (3+ characters) or an id');

export function pageSchema(pageSize: number) {
  const last = maxPage(pageSize);
  return z.coerce
    .number()
    .int('page must be a whole number.')
    .min(1, 'page starts at 1.')
    .max(
      last,
      `Pages beyond ${last} are not listed; narrow the list with search or a filter, or sort oldest first.`,
    )
    .default(1);
}

/** A page of a list, with a total that is exact up to 10,000 matches and estimated beyond. */
export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** Above 10,000 matches the server estimates instead of counting: the screen says "about". */
    totalIsEstimate: z.boolean(),
    /** Pages the server lets one browse (capped at its browse depth). */
    pageCount: z.number().int(),
  });
}

/** A count shown on a card: exact, or the planner's estimate when above 10,000. */
export const countSchema = z.object({ value: z.number().int(), exact: z.boolean() });

export const timestamp = z.string().describe('ISO 8601, UTC');
