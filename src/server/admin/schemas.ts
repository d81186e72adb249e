import { z } from 'zod';
import { idParamsSchema, safeText } from '../../domain/input-bounds';
import { maxPage } from './paging';

/** Route tags: every admin route is documented under one heading in the OpenAPI file. */
export const tags = ['admin'];

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
    totalIsEstimate: z.boolean(),
    pageCount: z.number().int(),
  });
}

/** A count shown on a card: exact, or the planner's estimate when above 10,000. */
export const countSchema = z.object({ value: z.number().int(), exact: z.boolean() });

export const timestamp = z.string().describe('ISO 8601, UTC');
export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
