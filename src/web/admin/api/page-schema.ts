import { z } from 'zod';

/** One page of an admin list, as every list endpoint returns it (src/server/admin/schemas.ts). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    /** Above 10,000 matches the server estimates instead of counting: the screen says "about". */
    totalIsEstimate: z.boolean(),
    /** Pages the server lets one browse (capped at its browse depth). */
    pageCount: z.number(),
  });
}

/** A card figure: exact, or the database's estimate above 10,000. */
export const countSchema = z.object({ value: z.number(), exact: z.boolean() });
export type Count = z.infer<typeof countSchema>;

/** Every admin query lives under this key, so one invalidation after an action refreshes them all. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
