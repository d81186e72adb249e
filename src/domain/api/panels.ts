import { z } from 'zod';
import { CUSTOMER_PANELS_PAGE_SIZE } from '../constants';
import { rowIdSchema, safeText } from '../input-bounds';
import { PANEL_SELECTION_MAX } from '../panel-billing';
import { customerPageFacts, customerPageSchema } from './customer-paging';

// The customer's own panels (D7, D8): declared by the server, checked by the web app.

/** What every panel of the customer's shows, current or past. */
const ownedPanelSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  email: z.string(),
  purchaseDate: z.string().nullable(),
});

/** A panel's renewal within its order's subscription (docs/decisions/0017). */
export const panelRenewalFields = {
  cancelAtPeriodEnd: z.boolean().describe('canceled: it runs to the period end and is not renewed'),
  renewsAt: z
    .string()
    .nullable()
    .describe('the period end while the panel renews; null once canceled or ended'),
  endsAt: z.string().nullable().describe('when a canceled panel stops, or when it ended'),
};

export const activePanelSchema = ownedPanelSchema.extend({
  status: z.enum(['active', 'processing']),
  domains: z.number(),
  currentMailboxes: z.number(),
  maxMailboxes: z.number(),
  /** Replacements of this panel's place in the current period (REPLACEMENTS_PER_PERIOD is the most). */
  replacementsUsed: z.number().int(),
  ...panelRenewalFields,
  resumable: z
    .boolean()
    .describe('canceled and its end not yet fixed by a renewal paid without it: a resume would be taken'),
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
/** Panels to cancel or resume: 1 to PANEL_SELECTION_MAX of the customer's own, each named once. */
export const panelSelectionSchema = z.strictObject({
  panelIds: z
    .array(rowIdSchema)
    .min(1, 'Name at least one panel.')
    .max(PANEL_SELECTION_MAX, `At most ${PANEL_SELECTION_MAX} panels at a time.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Name each panel once.'),
});
/** The panels named, as their renewal now reads. */
export const panelBillingChangeSchema = z.object({
  panels: z.array(z.object({ id: z.number().int(), orderId: z.number().int(), ...panelRenewalFields })),
});
export type PanelBillingChange = z.infer<typeof panelBillingChangeSchema>;

/** What both reveals (the customer's and the admin's) answer. */
export const revealedPasswordsSchema = z.object({
  passwords: z.array(z.object({ id: z.number().int(), password: z.string() })),
});
