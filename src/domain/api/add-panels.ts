import { z } from 'zod';
import { ADDON_API_MAX } from '../constants';
import { payablePanelAdditionSchema } from './panel-additions';

// Panels added to a running subscription for the rest of its period (D8,
// docs/decisions/0018-adding-panels.md): the price is the server's, quoted before paying.

const PANELS_MESSAGE = `Panels to add is a whole number from 1 to ${ADDON_API_MAX}.`;

/** How many panels to add: at least one; the plan's own limit is checked against the order. */
export const addedPanelsCountSchema = z
  .number({ error: PANELS_MESSAGE })
  .int(PANELS_MESSAGE)
  .min(1, PANELS_MESSAGE)
  .max(ADDON_API_MAX, PANELS_MESSAGE);

export const addPanelsQuerySchema = z.strictObject({
  panels: z.coerce.number({ error: PANELS_MESSAGE }).pipe(addedPanelsCountSchema),
});

export const addPanelsBodySchema = z.strictObject({
  panels: addedPanelsCountSchema,
  quotedCents: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'the charge the payer was shown; when it is not the price now, nothing is charged (409 quote_changed)',
    ),
});
export type AddPanelsBody = z.infer<typeof addPanelsBodySchema>;

export const addPanelsQuoteSchema = z.object({
  orderId: z.number().int(),
  panels: z.number().int(),
  renewing: z.number().int().describe('panels of the order that renew now, before the addition'),
  maxPanels: z.number().int().describe('the most panels the plan allows in one subscription'),
  daysLeft: z.number().int(),
  periodDays: z.number().int(),
  monthlyCents: z.number().int().describe('what the added panels add to each renewal'),
  chargeCents: z
    .number()
    .int()
    .describe('what is charged now: the monthly price for the days left, to the cent'),
  renewalCents: z.number().int().describe('the next renewal, for every renewing panel with the added ones'),
  renewsAt: z.string().describe('the renewal date the added panels join'),
});
export type AddPanelsQuoteView = z.infer<typeof addPanelsQuoteSchema>;

export const addedPanelsSchema = z.object({
  orderId: z.number().int(),
  panels: z.number().int(),
  chargedCents: z.number().int(),
  renewsAt: z.string(),
  panelIds: z.array(z.number().int()).describe('the panels given to the order'),
  awaitingPayment: payablePanelAdditionSchema
    .optional()
    .describe(
      'a bank transfer or crypto order: nothing is charged or given yet; the invoice to pay and where, also e-mailed',
    ),
});
export type AddedPanels = z.infer<typeof addedPanelsSchema>;
