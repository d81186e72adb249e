import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { user } from '../../db/schema';
import { enqueueEmail, type TxOrDb } from '../../outbox/enqueue';
import { refundDecisionMessage } from './refund-emails';
import type { DecidedRefund } from './refund-rules';

/**
 * The customer's refund decision e-mail, queued in the transaction that records the decision
 * (an admin's approval or denial, or the provider's refund closing an open request), so it
 * exists exactly when the decision does. Nothing for a customer whose account is gone.
 */
export async function enqueueRefundDecision(tx: TxOrDb, config: Config, decided: DecidedRefund) {
  if (!decided.userId) return;
  const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, decided.userId));
  if (!row) return;
  await enqueueEmail(tx, {
    to: row.email,
    ...refundDecisionMessage(config, decided.orderId, decided.approved, decided.amountCents, decided.note),
  });
}
