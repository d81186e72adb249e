import { z } from 'zod';

/*
 * A 'document_email' row: an invoice or credit note for the invoice e-mail of the billing
 * details, queued by the database as the document is issued (drizzle migration invoice_mail,
 * docs/decisions/0013-invoices-and-tax.md). The row names the document only; the message and
 * its PDF are rendered from the stored rows when the outbox sends it, so the row stays small
 * and a crash between the commit and the send loses nothing.
 */
export const documentEmailPayloadSchema = z.object({
  to: z.string().min(1),
  document: z.object({
    kind: z.enum(['invoice', 'credit_note']),
    /** The payment's id for an invoice, the credit note's id for a credit note. */
    id: z.number().int().positive(),
  }),
});
export type DocumentEmailPayload = z.infer<typeof documentEmailPayloadSchema>;
