import type { Config } from '../../config';
import type { TxOrDb } from '../../outbox/enqueue';
import { enqueueOrderEmail } from '../../outbox/order-recipients';
import { refundDecisionMessage } from './refund-emails';
import type { DecidedRefund } from './refund-rules';

/**
 * The refund decision e-mail, queued in the transaction that records the decision (an admin's
 * approval or denial, or the provider's refund closing an open request), so it exists exactly
 * when the decision does. It goes to the order's workspace's billing recipients, whoever of
 * them asked; nothing when nobody is left there (the account of a personal workspace is gone).
 */
export async function enqueueRefundDecision(tx: TxOrDb, config: Config, decided: DecidedRefund) {
  await enqueueOrderEmail(
    tx,
    decided.orderId,
    'billing',
    refundDecisionMessage(config, decided.orderId, decided.approved, decided.amountCents, decided.note),
  );
}
