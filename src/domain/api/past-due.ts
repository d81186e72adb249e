import { z } from 'zod';
import { PAYMENT_METHODS } from '../status';
import { pageResponse, pageSchema } from './admin/paging';

// Past-due subscriptions and their dunning (D8; docs/decisions/0019-dunning.md): the customer's
// banner, its 'Pay now', and the admin console's list. The next step comes from the one
// schedule the sweep follows (domain/dunning.ts).

const timestamp = z.string().describe('ISO 8601, UTC');

export const dunningStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('retry'), attempt: z.number().int(), of: z.number().int(), at: timestamp }),
  z.object({ kind: z.enum(['reminder', 'expire']), at: timestamp }),
]);
export type DunningStepOut = z.infer<typeof dunningStepSchema>;

export const pastDueSubscriptionSchema = z.object({
  orderId: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  provider: z.string(),
  /** What the renewal costs: the renewing panels at the order's prices, less a pending credit. */
  amountCents: z.number().int(),
  /** The unpaid period's end: past due since then. */
  since: timestamp,
  expiresAt: timestamp,
  next: dunningStepSchema,
  /** What 'Pay now' does, decided by the server: charge the card on file, show the bank or crypto instructions, or open the provider's portal. */
  payNow: z.enum(['charge', 'instructions', 'portal']),
  /** Where 'Update payment method' leads: the provider's portal, or the Payment Methods section. */
  updateMethod: z.enum(['portal', 'payment_methods']),
});
export type PastDueSubscription = z.infer<typeof pastDueSubscriptionSchema>;

export const myPastDueSchema = z.object({ subscriptions: z.array(pastDueSubscriptionSchema) });

export const payNowSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('charged'), periodEnd: timestamp }),
  z.object({ outcome: z.literal('declined') }),
  z.object({ outcome: z.enum(['instructions', 'portal']), url: z.string() }),
]);
export type PayNowOutcome = z.infer<typeof payNowSchema>;

export const PAST_DUE_PAGE_SIZE = 10;

export const adminPastDueQuerySchema = z.object({ page: pageSchema(PAST_DUE_PAGE_SIZE) });

export const adminPastDueItemSchema = pastDueSubscriptionSchema.extend({
  customerEmail: z.string().nullable(),
});
export type AdminPastDueItem = z.infer<typeof adminPastDueItemSchema>;

export const adminPastDuePageSchema = pageResponse(adminPastDueItemSchema);
