import { z } from 'zod';
import { safeText } from '../input-bounds';
import { MAX_REPLACEMENT_NOTE, REPLACEMENT_REASONS } from '../replacements';
import { REPLACEMENT_REQUEST_STATUSES } from '../status';

// Panel replacement requests (docs/product.md §11): the customer's report and list, the
// admin's queue and decisions. Declared by the server, checked by the web app.

export const replacementReasonSchema = z.enum(REPLACEMENT_REASONS, { error: 'Choose what is wrong.' });

export const reportProblemBodySchema = z.strictObject({
  reason: replacementReasonSchema,
  note: safeText(MAX_REPLACEMENT_NOTE, {
    multiline: true,
    trim: true,
    messages: { tooLong: `A note is at most ${MAX_REPLACEMENT_NOTE} characters.` },
  }),
});
export type ReportProblemBody = z.infer<typeof reportProblemBodySchema>;

/** One request as its customer sees it. */
export const myReplacementSchema = z.object({
  id: z.number().int(),
  panelId: z.number().int(),
  panelEmail: z.string(),
  orderId: z.number().int(),
  reason: replacementReasonSchema,
  note: z.string(),
  status: z.enum(REPLACEMENT_REQUEST_STATUSES),
  /** An admin approved it and it waits for a panel in stock. */
  waitingForStock: z.boolean(),
  rejectionReason: z.string().nullable(),
  newPanelEmail: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MyReplacement = z.infer<typeof myReplacementSchema>;

export const myReplacementsSchema = z.object({ requests: z.array(myReplacementSchema) });

/** One request in the admin's queue. */
export const adminReplacementSchema = myReplacementSchema.extend({
  customerEmail: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type AdminReplacement = z.infer<typeof adminReplacementSchema>;

export const replacementQueueQuerySchema = z.strictObject({
  status: z.enum(REPLACEMENT_REQUEST_STATUSES).optional(),
});
export const replacementQueueSchema = z.object({ requests: z.array(adminReplacementSchema) });

export const rejectReplacementBodySchema = z.strictObject({
  reason: safeText(1000, {
    multiline: true,
    trim: true,
    min: 1,
    messages: { tooShort: 'Say why, for the customer.', tooLong: 'A reason is at most 1000 characters.' },
  }),
});

/** What 'Replace' did: replaced now, or waiting for stock (with the words for the admin). */
export const replaceOutcomeSchema = z.object({
  status: z.enum(['replaced', 'waiting']),
  message: z.string(),
});
export type ReplaceOutcome = z.infer<typeof replaceOutcomeSchema>;
