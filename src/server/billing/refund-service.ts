import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { user } from '../db/schema';
import type { Mailer } from '../mail/send-email';
import { refundDecisionMessage } from './emails';
import { approveRefund, type DecidedRefund, denyRefund, type RefundDecisionDeps } from './refunds';

/** Refund decisions for the admin console: the decision, then the customer's e-mail. */
export function createRefundService(
  deps: RefundDecisionDeps & { config: Config; mailer: Mailer; log: Pick<FastifyBaseLogger, 'error'> },
) {
  async function tell(decided: DecidedRefund, approved: boolean, note?: string) {
    if (!decided.userId) return;
    const [row] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, decided.userId));
    if (!row) return;
    await deps.mailer
      .sendEmail({
        to: row.email,
        ...refundDecisionMessage(deps.config, decided.orderId, approved, decided.amountCents, note),
      })
      .catch((err: unknown) =>
        deps.log.error({ err, orderId: decided.orderId }, 'could not send the refund e-mail'),
      );
  }

  return {
    async approve(requestId: number, admin: { id: string; email: string }, ip: string | null) {
      const decided = await approveRefund(deps, requestId, admin, ip);
      await tell(decided, true);
      return decided;
    },
    async deny(requestId: number, admin: { id: string; email: string }, note: string, ip: string | null) {
      const decided = await denyRefund(deps.db, requestId, admin, note, deps.now(), ip);
      await tell(decided, false, note);
      return decided;
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
