import { isManualMethod } from '../../../domain/payment-details';
import { orderRenewalCents } from '../../../domain/pricing';
import type { Config } from '../../config';
import { pendingCreditsOf } from '../../credits/grant';
import type { Database } from '../../db/client';
import { renewingPanels } from '../../lifecycle/renewing';
import { enqueueEmails } from '../../outbox/enqueue';
import { orderRecipients } from '../../outbox/workspace-recipients';
import { renewalInvoiceMessage } from '../../payments/manual/manual-payment-emails';
import { runRenewalInvoiceSweep } from './renewal-invoices';

/**
 * One round of renewal invoices (renewal-invoices.ts), each e-mailed through the outbox in
 * the transaction that marks its period invoiced. Returns how many went out.
 */
export async function invoiceRenewals(db: Database, config: Config, now: Date): Promise<number> {
  const invoiced = await runRenewalInvoiceSweep(db, now, {
    async onInvoiced(tx, due) {
      const recipients = await orderRecipients(
        tx,
        due.map((o) => o.id),
        'billing',
      );
      if (recipients.size === 0) return;
      const creditOf = await pendingCreditsOf(
        tx,
        due.map((o) => o.id),
      );
      const messages = [];
      for (const order of due) {
        const to = recipients.get(order.id) ?? [];
        if (to.length === 0 || !order.currentPeriodEnd || !isManualMethod(order.paymentMethod)) continue;
        // The panels that renew, at their price (docs/decisions/0017): canceled ones are not billed.
        const panels = await renewingPanels(tx, order);
        const content = renewalInvoiceMessage(
          config,
          { id: order.id, totalCents: orderRenewalCents(order, panels), method: order.paymentMethod, panels },
          order.currentPeriodEnd,
          creditOf.get(order.id) ?? 0,
        );
        for (const address of to) messages.push({ to: address, ...content });
      }
      await enqueueEmails(tx, messages);
    },
  });
  return invoiced.length;
}
