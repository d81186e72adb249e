import { z } from 'zod';

// The shop's delivery record (docs/product.md §10): public figures computed
// from the orders table, the same on /status and on the customer's dashboard. No customer data,
// and only the promised figures: counts of orders would publish the daily sales to anyone polling.

export const deliveryRecordSchema = z.object({
  /** How many days back the figures reach. */
  days: z.number().int(),
  /** Minutes from payment to the last panel delivered; null with no delivered order. */
  medianMinutes: z.number().nullable(),
  p95Minutes: z.number().nullable(),
  /** Share (0 to 1) of the counted orders delivered within the promise; null with none counted. */
  withinPromiseShare: z.number().nullable(),
  promiseHours: z.number().int(),
});
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

export const shopStatusSchema = z.object({
  record: deliveryRecordSchema,
  /** Whether the stock on hand covers every waiting order now. */
  stockCoversWaiting: z.boolean(),
  /** When these figures were computed (they are kept for a minute). */
  computedAt: z.string(),
});
export type ShopStatus = z.infer<typeof shopStatusSchema>;
