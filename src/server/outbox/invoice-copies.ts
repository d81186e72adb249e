import { and, eq, inArray, ne } from 'drizzle-orm';
import { billingProfiles, user } from '../db/schema';
import type { OutgoingEmail, TxOrDb } from './enqueue';

/**
 * The invoice-related messages (payment and renewal receipts, renewal invoices) plus a copy
 * of each to the customer's invoice e-mail, when their billing profile names one other than
 * the account's (docs/decisions/0013): the account keeps hearing about its money, and the
 * address the customer gave for invoices gets them too. The copy goes to an address that
 * may have no account, so it is sent like any order mail to such an address.
 */
export async function withInvoiceCopies<T extends OutgoingEmail>(tx: TxOrDb, messages: T[]): Promise<T[]> {
  const accounts = [...new Set(messages.map((m) => m.to.toLowerCase()))];
  if (accounts.length === 0) return messages;
  const rows = await tx
    .select({ email: user.email, invoiceEmail: billingProfiles.invoiceEmail })
    .from(billingProfiles)
    .innerJoin(user, eq(user.id, billingProfiles.userId))
    .where(and(inArray(user.email, accounts), ne(billingProfiles.invoiceEmail, '')));
  const copyTo = new Map(rows.map((r) => [r.email.toLowerCase(), r.invoiceEmail]));
  return messages.flatMap((m) => {
    const to = copyTo.get(m.to.toLowerCase());
    return to && to !== m.to.toLowerCase() ? [m, { ...m, to }] : [m];
  });
}
