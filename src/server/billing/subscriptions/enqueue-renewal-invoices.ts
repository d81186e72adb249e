import { isManualMethod } from '../../../domain/payment-details';
import { orderRenewalCents } from '../../../domain/pricing';
import { emailsOf } from '../../auth/users';
import type { Config } from '../../config';
import { pendingCreditsOf } from '../../credits/grant';
import type { Database } from '../../db/client';
import { renewingPanels } from '../../lifecycle/renewing';
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
      const messages = [];
      for (const order of due) {
        const to = order.userId ? emails.get(order.userId) : undefined;
        if (!to || !order.currentPeriodEnd || !isManualMethod(order.paymentMethod)) continue;
        // The panels that renew, at their price (docs/decisions/0017): canceled ones are not billed.
        const panels = await renewingPanels(tx, order);
        const content = renewalInvoiceMessage(
          config,
          { id: order.id, totalCents: orderRenewalCents(order, panels), method: order.paymentMethod, panels },
          order.currentPeriodEnd,
          creditOf.get(order.id) ?? 0,
        );
        messages.push({ to, ...content });
      }
      await enqueueEmails(tx, messages);
    },
  });
  return invoiced.length;
}
