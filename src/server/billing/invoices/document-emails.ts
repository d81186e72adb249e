import { formatCents } from '../../../domain/format';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { EmailMessage } from '../../mail/send-email';
import { appendFooter, type EmailContent, renderEmail } from '../../mail/templates';
import type { DocumentEmailPayload } from '../../outbox/document-email-payload';
import { creditNotePdf } from './credit-note';
import { customerInvoice } from './invoice';

/**
 * Why the invoice e-mail gets the message. It may belong to no account (accounts payable), so
 * the message carries no link it would need to sign in for: the document is attached.
 */
const FOOTER =
  'You get this email because this address is the invoice e-mail in the billing details of a customer account. The account holder can change it there.';

/**
 * A document's own message, the PDF attached by the caller: class `order`, since it belongs
 * to a purchase, with the document's number in the subject and heading and one line saying
 * what is attached.
 */
function documentMessage(
  config: Config,
  words: { subject: string; heading: string; attached: string },
): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: words.subject,
    heading: words.heading,
    paragraphs: [words.attached],
  });
}

/** The invoice's own message. */
export function invoiceEmailContent(
  config: Config,
  invoice: { label: string; orderId: number; amountCents: number },
): EmailContent {
  return documentMessage(config, {
    subject: `Invoice ${invoice.label} for order ${invoice.orderId}`,
    heading: `Invoice ${invoice.label}`,
    attached: `Attached is invoice ${invoice.label} for order ${invoice.orderId}: ${formatCents(invoice.amountCents)}, paid.`,
  });
}

/** The credit note's own message. */
export function creditNoteEmailContent(
  config: Config,
  note: { label: string; invoice: string; amountCents: number },
): EmailContent {
  return documentMessage(config, {
    subject: `Credit note ${note.label} for invoice ${note.invoice}`,
    heading: `Credit note ${note.label}`,
    attached: `Attached is credit note ${note.label}: ${formatCents(note.amountCents)} refunded, cancelling invoice ${note.invoice}.`,
  });
}

/**
 * The message for a 'document_email' row (outbox/document-email-payload.ts), rendered when the
 * outbox sends it: the invoice or credit note as a PDF, its number in the subject.
 */
export async function documentEmailMessage(
  deps: { db: Database; config: Config },
  payload: DocumentEmailPayload,
): Promise<EmailMessage> {
  const { config } = deps;
  const { document } = payload;
  const content =
    document.kind === 'invoice'
      ? await customerInvoice(deps, null, document.id).then((invoice) => ({
          file: invoice,
          rendered: invoiceEmailContent(config, invoice),
        }))
      : await creditNotePdf(deps, null, document.id).then((note) => ({
          file: note,
          rendered: creditNoteEmailContent(config, note),
        }));
  const { emailClass: _class, ...message } = appendFooter(content.rendered, { text: FOOTER });
  return {
    to: payload.to,
    ...message,
    attachments: [
      { filename: content.file.fileName, content: content.file.pdf, contentType: 'application/pdf' },
    ],
  };
}
