import { z } from 'zod';
import { rowIdParamSchema, safeText } from '../input-bounds';
import { PANEL_ADDITION_STATUSES } from '../panel-additions';
import { bankDetailsSchema, cryptoWalletSchema, MANUAL_METHODS } from '../payment-details';

// Panels added to a bank transfer or crypto subscription (D8, docs/decisions/0018-adding-panels.md):
// asked for with an invoice of instructions, given when an admin records the money.

const timestamp = z.string();

/** One addition as its payer and the console see it; the price is the server's, fixed when asked. */
export const panelAdditionSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  panels: z.number().int(),
  amountCents: z.number().int().describe('the pro-rata charge quoted when asked: the amount to pay'),
  method: z.enum(MANUAL_METHODS),
  reference: z.string().describe('what the payer writes on the transfer'),
  status: z
    .enum(PANEL_ADDITION_STATUSES)
    .describe('pending: waiting for the money; paid: the panels were given; expired: not paid in time'),
  daysLeft: z.number().int(),
  periodDays: z.number().int(),
  renewalCents: z.number().int().describe('the next renewal with the added panels, as quoted'),
  renewsAt: timestamp.describe('the period end the panels join'),
  expiresAt: timestamp.describe('pay by: after it (or once the period ends) nothing is allocated'),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
});
export type PanelAdditionView = z.infer<typeof panelAdditionSchema>;

/** An addition waiting for its payment, with where to send it: the invoice its payer reads. */
export const payablePanelAdditionSchema = panelAdditionSchema.extend({
  bank: bankDetailsSchema.nullable(),
  wallets: z.array(cryptoWalletSchema),
  example: z.boolean().describe("demo mode's made-up details: shown with a warning, never to be paid"),
});
export type PayablePanelAddition = z.infer<typeof payablePanelAdditionSchema>;

/** The customer's additions still waiting for their payment. */
export const myPanelAdditionsSchema = z.object({ additions: z.array(payablePanelAdditionSchema) });

export const panelAdditionParamsSchema = z.strictObject({
  id: rowIdParamSchema,
  additionId: rowIdParamSchema,
});

export const recordAdditionBodySchema = z.strictObject({
  reference: safeText(200, { trim: true })
    .optional()
    .describe("the bank's transfer reference or the transaction hash (audit log)"),
});

export const additionRecordedSchema = z.object({
  recorded: z.boolean().describe('false: this addition was already paid, nothing changed'),
  panelIds: z.array(z.number().int()).describe('the panels given to the order by this addition'),
  invoice: z.string().nullable(),
});
export type AdditionRecorded = z.infer<typeof additionRecordedSchema>;
