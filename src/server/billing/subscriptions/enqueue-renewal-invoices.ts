import { isManualMethod } from '../../../domain/payment-details';
import { emailsOf } from '../../auth/users';
import type { Config } from '../../config';
import { pendingCreditsOf } from '../../credits/grant';
import type { Database } from '../../db/client';
import { enqueueEmails } from '../../outbox/enqueue';
import { renewalInvoiceMessage } from '../../payments/manual/manual-payment-emails';
import { runRenewalInvoiceSweep } from './renewal-invoices';

/**
 * One round of renewal invoices (renewal-invoices.ts), each e-mailed through the outbox in
 * the transaction that marks its period invoiced. Returns how many went out.
 */
export async function invoiceRenewals(db: Database, config: Config, now: Date): Promise<number> {
  const invoiced = await runRenewalInvoiceSweep(db, now, {
    async onInvoiced(tx, due) {
      const emails = await emailsOf(
        tx,
        due.map((o) => o.userId),
      );
      if (emails.size === 0) return;
      const creditOf = await pendingCreditsOf(
        tx,
        due.map((o) => o.id),
      );
      await enqueueEmails(
        tx,
        due.flatMap((order) => {
          const to = order.userId ? emails.get(order.userId) : undefined;
          if (!to || !order.currentPeriodEnd || !isManualMethod(order.paymentMethod)) return [];
          const content = renewalInvoiceMessage(
            config,
            { id: order.id, totalCents: order.totalCents, method: order.paymentMethod },
            order.currentPeriodEnd,
            creditOf.get(order.id) ?? 0,
          );
          return [{ to, ...content }];
        }),
      );
    },
  });
  return invoiced.length;
}
