import { formatCents } from '../../domain/format';
import type { Config } from '../config';
import { type EmailContent, renderEmail } from '../mail/templates';
import type { PaymentProvider } from '../payments/provider';
import type { DeletionClaim } from './deletion-claim';

type Money = { orderId: number; amountCents: number };

/** What the deletion did with the customer's subscriptions and money, as they are told. */
export interface DeletionSummary {
  /** Subscriptions of delivered orders that will not charge again. */
  ended: number[];
  /** Subscriptions the provider has not confirmed ended yet (retried). */
  endPending: number[];
  /** Orders still waiting for stock, canceled, their money returned. */
  refunded: Money[];
  /** Canceled waiting orders whose refund has not gone through yet (retried). */
  refundPending: Money[];
  /** Canceled waiting orders paid by bank transfer or crypto: a person sends the money back. */
  refundByHand: Money[];
}

function orderList(ids: number[]): string {
  if (ids.length === 1) return `order ${ids[0]}`;
  return `orders ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}

export function accountDeletedMessage(config: Config, s: DeletionSummary): EmailContent {
  const support = config.brand.supportEmail;
  const paragraphs = [`Your ${config.brand.name} account has been deleted, as you asked.`];
  if (s.ended.length > 0) {
    paragraphs.push(
      `The subscription of ${orderList(s.ended)} has ended and will not be charged again. Its panels have been switched off; what was paid for them is not refunded.`,
    );
  }
  if (s.endPending.length > 0) {
    paragraphs.push(
      `Our payment provider has not yet confirmed the end of the subscription of ${orderList(s.endPending)}; we keep asking automatically. If a charge reaches you in the meantime, write to ${support}.`,
    );
  }
  for (const r of s.refunded) {
    paragraphs.push(
      `Order ${r.orderId} was still waiting for panels, so we canceled it and refunded ${formatCents(r.amountCents)}. Depending on your bank it takes 5 to 10 business days to appear.`,
    );
  }
  for (const r of s.refundPending) {
    paragraphs.push(
      `Order ${r.orderId} was still waiting for panels, so we canceled it. The refund of ${formatCents(r.amountCents)} has not gone through yet; we keep trying automatically. Questions? ${support}`,
    );
  }
  for (const r of s.refundByHand) {
    paragraphs.push(
      `Order ${r.orderId} was still waiting for panels, so we canceled it. It was paid by bank transfer or crypto, which we return by hand: write to ${support} with where to send the ${formatCents(r.amountCents)}.`,
    );
  }
  paragraphs.push('Your orders and invoices are kept without your name or e-mail, for our accounting.');
  return renderEmail({
    emailClass: 'account',
    brandName: config.brand.name,
    subject: 'Your account has been deleted',
    heading: 'Your account has been deleted',
    paragraphs,
  });
}

/**
 * What the notice says when it is written, in the claim's transaction, before any provider
 * was asked: every step a provider still has to take is stated as under way, which is true
 * whatever the provider answers (the deleted-orders sweep retries until it is done). Once
 * the providers answered, deletion.ts replaces it with what really happened; if the process
 * dies first, this version goes out.
 */
export function plannedSummary(
  claim: DeletionClaim,
  providerFor: (name: string) => PaymentProvider | null,
): DeletionSummary {
  const canceled = new Set(claim.canceled.map((o) => o.orderId));
  // As cancelDeletedSubscription decides: a provider that keeps no subscription of its own
  // has nothing to end; an unconfigured one still has to be asked later.
  const remote = (sub: DeletionClaim['ended'][number]) => {
    const provider = providerFor(sub.provider);
    return sub.providerSubscriptionId !== null && (!provider || provider.cancelSubscription !== undefined);
  };
  const money = (o: DeletionClaim['canceled'][number]) => ({ orderId: o.orderId, amountCents: o.paidCents });
  return {
    ended: claim.ended.filter((s) => !remote(s) && !canceled.has(s.orderId)).map((s) => s.orderId),
    endPending: claim.ended.filter(remote).map((s) => s.orderId),
    refunded: claim.canceled.filter((o) => !o.byHand && o.paidCents === 0).map(money),
    refundPending: claim.canceled.filter((o) => !o.byHand && o.paidCents > 0).map(money),
    refundByHand: claim.canceled.filter((o) => o.byHand).map(money),
  };
}
