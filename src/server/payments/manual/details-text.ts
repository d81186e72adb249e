import { formatCents } from '../../../domain/format';
import type { ManualMethod } from '../../../domain/payment-details';
import type { Config } from '../../config';
import { detailsFor } from './details';

/** The reference line of every manual payment e-mail: the order number, to match the money. */
export function referenceLine(orderId: number): string {
  return `Reference: order ${orderId} — include it with your payment so we can match it.`;
}

/**
 * The payment details as e-mail paragraphs, one fact each (an IBAN is copied from its own
 * line). Shared by the instructions, the reminder and the renewal invoice, so the three
 * never disagree about where the money goes.
 */
export function paymentDetailsLines(config: Config, method: ManualMethod, amountCents: number): string[] {
  const { bank, wallets, example } = detailsFor(config, method);
  const what = method === 'bank_transfer' ? 'a real account' : 'real addresses';
  const warning = example
    ? [`These are example details for the demo: they are not ${what}, do not send money to them.`]
    : [];
  if (method === 'bank_transfer') {
    if (!bank) return [`Reply to this e-mail and we send you our bank details.`];
    return [
      ...warning,
      `Transfer exactly ${formatCents(amountCents)} (USD) to:`,
      `Account name: ${bank.accountName}`,
      `IBAN / account number: ${bank.accountNumber}`,
      ...(bank.routing ? [`SWIFT / routing: ${bank.routing}`] : []),
      ...(bank.bankName ? [`Bank: ${bank.bankName}`] : []),
    ];
  }
  if (wallets.length === 0) return [`Reply to this e-mail and we send you a wallet address.`];
  return [
    ...warning,
    `Send the equivalent of ${formatCents(amountCents)} (USD) at the current rate to one of these addresses, on the network named (a payment sent on another network is lost):`,
    ...wallets.map((w) => `${w.currency} on ${w.network}: ${w.address}`),
  ];
}
