import { z } from 'zod';
import { CUSTOMER_PANELS_PAGE_SIZE } from '../constants';
import { rowIdSchema, safeText } from '../input-bounds';
import { customerPageFacts, customerPageSchema } from './customer-paging';

// The customer's own panels (D7, D8): declared by the server, checked by the web app.

/** What every panel of the customer's shows, current or past. */
const ownedPanelSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  email: z.string(),
  purchaseDate: z.string().nullable(),
});

export const activePanelSchema = ownedPanelSchema.extend({
  status: z.enum(['active', 'processing']),
  domains: z.number(),
  currentMailboxes: z.number(),
  maxMailboxes: z.number(),
  /** Replacements of this panel's place in the current period (REPLACEMENTS_PER_PERIOD is the most). */
  replacementsUsed: z.number().int(),
});
export type ActivePanel = z.infer<typeof activePanelSchema>;

export const pastPanelSchema = ownedPanelSchema.extend({
  status: z.enum(['expired', 'refunded', 'replaced']),
  endedAt: z.string().describe('the refund date, or the end of the paid period: never in the future'),
});
export type PastPanel = z.infer<typeof pastPanelSchema>;

export const activePanelsQuerySchema = z.strictObject({
  page: customerPageSchema(CUSTOMER_PANELS_PAGE_SIZE),
  search: safeText(200, { messages: { tooLong: 'Search is at most 200 characters.' } })
    .optional()
    .describe('part of the e-mail, any case'),
});
export const activePanelsPageSchema = z.object({ panels: z.array(activePanelSchema), ...customerPageFacts });

export const pastPanelsQuerySchema = z.strictObject({ page: customerPageSchema(CUSTOMER_PANELS_PAGE_SIZE) });
export const pastPanelsPageSchema = z.object({ panels: z.array(pastPanelSchema), ...customerPageFacts });

/** The customer's reveal: up to 2,000 of their own panels per call (audit-logged, D7). */
export const revealBodySchema = z.strictObject({
  ids: z.array(rowIdSchema).min(1).max(2000),
  purpose: z.enum(['reveal', 'export']),
});
/** What both reveals (the customer's and the admin's) answer. */
export const revealedPasswordsSchema = z.object({
  passwords: z.array(z.object({ id: z.number().int(), password: z.string() })),
});
