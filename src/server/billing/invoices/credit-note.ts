import { and, eq } from 'drizzle-orm';
import { creditNoteLabel, invoiceLabel } from '../../../domain/format';
import type { Config } from '../../config';
import { creditAppliedTo } from '../../credits/invoice-line';
import type { Database } from '../../db/client';
import { creditNotes, payments } from '../../db/schema';
import { notFound } from '../../http/errors';
import { invoiceLines, invoiceParties, invoiceRow } from './invoice';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * A refunded payment's credit note as a PDF (docs/decisions/0013): the parties and the tax
 * split of the invoice it credits, the amount as a negative. With a `workspaceId` only that
 * workspace's (another's is a 404); null for an admin.
 */
export async function creditNotePdf(
  deps: { db: Database; config: Config },
  workspaceId: string | null,
  creditNoteId: number,
): Promise<{ fileName: string; pdf: Buffer; label: string; invoice: string; amountCents: number }> {
  const [note] = await deps.db
    .select({ note: creditNotes })
    .from(creditNotes)
    .innerJoin(payments, eq(payments.id, creditNotes.paymentId))
    .where(
      and(
        eq(creditNotes.id, creditNoteId),
        workspaceId === null ? undefined : eq(payments.workspaceId, workspaceId),
      ),
    );
  const row = note && (await invoiceRow(deps.db, workspaceId, note.note.paymentId));
  if (!note || note.note.number === null || !row || row.payment.invoiceNumber === null)
    throw notFound('No such credit note.');
  const label = creditNoteLabel(note.note.number);
  const parties = invoiceParties(row, deps.config);
  const negate = (cents: number) => (cents === 0 ? 0 : -cents);
  const pdf = await renderInvoicePdf({
    title: `Credit note ${label}`,
    issuedAt: note.note.createdAt,
    ...parties,
    tax: { ...parties.tax, netCents: negate(parties.tax.netCents), taxCents: negate(parties.tax.taxCents) },
    facts: [
      `Credits invoice: ${invoiceLabel(row.payment.invoiceNumber)}`,
      `Order: ${row.order.id}`,
      'Reason: refund',
    ],
    lines: invoiceLines(row.order, row.payment, await creditAppliedTo(deps.db, row.payment.id)).map(
      (line) => ({
        ...line,
        unitCents: negate(line.unitCents),
      }),
    ),
    totalCents: negate(note.note.amountCents),
    paymentMethod: row.payment.method,
    footer: `The amount is refunded to the original payment method. This credit note cancels invoice ${invoiceLabel(row.payment.invoiceNumber)} in full.`,
  });
  return {
    fileName: `${label}.pdf`,
    pdf,
    label,
    invoice: invoiceLabel(row.payment.invoiceNumber),
    amountCents: note.note.amountCents,
  };
}
