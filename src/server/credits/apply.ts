import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import { accountCredits } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';

/**
 * Marks a pending credit applied, by the renewal payment that it lowered (sandbox, manual) or
 * by Stripe's balance transaction. Only a pending row moves, so a credit is applied once;
 * returns false when it was already applied. A Stripe credit that lapsed while its balance
 * transaction was on the way is applied all the same: the money reached the customer.
 */
export async function applyCreditTx(
  tx: TxOrDb,
  creditId: number,
  by: { paymentId?: number; providerReference?: string; chargedCents?: number },
  now: Date,
): Promise<boolean> {
  const [applied] = await tx
    .update(accountCredits)
    .set({
      status: 'applied',
      appliedAt: now,
      appliedPaymentId: by.paymentId ?? null,
      providerReference: by.providerReference ?? null,
    })
    .where(
      and(
        eq(accountCredits.id, creditId),
        inArray(accountCredits.status, by.providerReference ? ['pending', 'lapsed'] : ['pending']),
      ),
    )
    .returning({ orderId: accountCredits.orderId, amountCents: accountCredits.amountCents });
  if (!applied) return false;
  await recordAudit(tx, {
    actorId: null,
    action: 'credit.applied',
    targetType: 'order',
    targetId: applied.orderId,
    details: {
      creditId,
      amountCents: applied.amountCents,
      ...(by.paymentId !== undefined ? { paymentId: by.paymentId } : {}),
      ...(by.providerReference ? { providerReference: by.providerReference } : {}),
      ...(by.chargedCents !== undefined ? { chargedCents: by.chargedCents } : {}),
    },
  });
  return true;
}
