import { and, eq, inArray } from 'drizzle-orm';
import { type DunningStep, dueDunningSteps, dunningSchedule, graceEndOf } from '../../../domain/dunning';
import { isManualMethod } from '../../../domain/payment-details';
import { type AuditEntry, recordAudits } from '../../audit/audit';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { orders } from '../../db/schema';
import type { EmailContent } from '../../mail/templates';
import { enqueueEmails } from '../../outbox/enqueue';
import { orderRecipients } from '../../outbox/workspace-recipients';
import { renewalReminderMessage, retryDeclinedMessage } from './dunning-emails';
import { claimStepTx, settleStepTx, stepsTakenOf } from './dunning-steps';
import { renewalOwedOf } from './renewal-owed';
import { chargeSandboxRenewalTx } from './sandbox-renewal';
import { renewalMessage } from './subscription-emails';

type OrderRow = typeof orders.$inferSelect;
type Taken = Extract<DunningStep, { kind: 'retry' | 'reminder' }>;

/** Orders dunned per round; the next round takes the rest. */
const BATCH = 200;

export interface DunningOutcome {
  orderId: number;
  userId: string | null;
  step: Taken['name'];
  /** A retry charged the card (the subscription is active again), declined, or a reminder went out. */
  result: 'charged' | 'declined' | 'sent';
}

/** The audit line of a dunning step: the system did it, on the order. */
export function dunningAudit(orderId: number, action: string, details: Record<string, unknown>): AuditEntry {
  return { actorId: null, action: `dunning.${action}`, targetType: 'order', targetId: orderId, details };
}

/**
 * The reminder of a bank transfer or crypto renewal for its period, claimed in the caller's
 * transaction: its message and audit line, or null when another sweep sent it already.
 */
export async function remindTx(
  tx: Tx,
  config: Config,
  order: OrderRow,
  step: { name: Taken['name']; at: Date },
  owedCents: number,
): Promise<{ content: EmailContent; audit: AuditEntry } | null> {
  const periodEnd = order.currentPeriodEnd;
  if (!periodEnd || !isManualMethod(order.paymentMethod)) return null;
  if (!(await claimStepTx(tx, { orderId: order.id, periodEnd, name: step.name, at: step.at }, 'sent'))) {
    return null;
  }
  const expiresAt = graceEndOf(periodEnd);
  return {
    content: renewalReminderMessage(config, {
      orderId: order.id,
      amountCents: owedCents,
      method: order.paymentMethod,
      first: step.name === 'reminder_0',
      expiresAt,
    }),
    audit: dunningAudit(order.id, 'reminder_sent', {
      step: step.name,
      amountCents: owedCents,
      periodEnd: periodEnd.toISOString(),
    }),
  };
}

/**
 * One retry of a past-due sandbox renewal, claimed in the caller's transaction: the charge
 * renews the subscription (the renewal e-mail; the invoice follows the payment) or declines
 * (the declined e-mail with the next try). Null when another sweep took this retry.
 */
export async function retryTx(
  tx: Tx,
  config: Config,
  order: OrderRow,
  step: Extract<DunningStep, { kind: 'retry' }>,
  now: Date,
): Promise<{ content: EmailContent; audit: AuditEntry; charged: boolean } | null> {
  const periodEnd = order.currentPeriodEnd;
  if (!periodEnd) return null;
  const claim = { orderId: order.id, periodEnd, name: step.name, at: now };
  if (!(await claimStepTx(tx, claim, 'declined'))) return null;
  const charge = await chargeSandboxRenewalTx(tx, order, now, now);
  const facts = { attempt: step.attempt, of: step.of, periodEnd: periodEnd.toISOString() };
  if (charge.ok) {
    await settleStepTx(tx, claim, 'charged');
    return {
      charged: true,
      content: renewalMessage(config, order.id, charge.amountCents, charge.periodEnd, charge.panels),
      audit: dunningAudit(order.id, 'retry_charged', { ...facts, amountCents: charge.amountCents }),
    };
  }
  const next = dunningSchedule(order).find((s) => s.kind === 'retry' && s.attempt === step.attempt + 1);
  return {
    charged: false,
    content: retryDeclinedMessage(config, {
      orderId: order.id,
      amountCents: charge.amountCents,
      attempt: step.attempt,
      of: step.of,
      nextRetryAt: next?.at ?? null,
      expiresAt: graceEndOf(periodEnd),
    }),
    audit: dunningAudit(order.id, 'retry_declined', { ...facts, amountCents: charge.amountCents }),
  };
}

/**
 * The dunning steps due now (domain/dunning.ts): each card retry of a past-due sandbox
 * renewal and each reminder of an unpaid bank transfer or crypto renewal, taken once per
 * period (claimed in dunning_steps in the transaction that queues its e-mail and writes its
 * audit line). Runs before the subscription sweep in a round, so a retry due as the grace
 * period ends is tried before the expiry. Driven by the rows and `now` alone.
 */
export async function runDunningSweep(db: Database, config: Config, now: Date): Promise<DunningOutcome[]> {
  return db.transaction(async (tx) => {
    const pastDue = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.subscriptionStatus, 'past_due'),
          inArray(orders.status, ['paid', 'completed']),
          inArray(orders.provider, ['sandbox', 'manual']),
        ),
      )
      .orderBy(orders.currentPeriodEnd)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (pastDue.length === 0) return [];
    const taken = await stepsTakenOf(tx, pastDue);
    const owed = await renewalOwedOf(tx, pastDue);
    const recipients = await orderRecipients(
      tx,
      pastDue.map((o) => o.id),
      'billing',
    );
    const outcomes: DunningOutcome[] = [];
    const audits: AuditEntry[] = [];
    const messages = [];
    for (const order of pastDue) {
      const end = order.currentPeriodEnd;
      if (!end) continue;
      const to = recipients.get(order.id) ?? [];
      for (const step of dueDunningSteps(order, taken(order.id, end), now)) {
        const done =
          step.kind === 'retry'
            ? await retryTx(tx, config, order, step, now)
            : await remindTx(tx, config, order, step, owed.get(order.id) ?? 0);
        if (!done) continue;
        audits.push(done.audit);
        for (const address of to) messages.push({ to: address, ...done.content });
        const charged = 'charged' in done && done.charged;
        outcomes.push({
          orderId: order.id,
          userId: order.userId,
          step: step.name,
          result: step.kind === 'reminder' ? 'sent' : charged ? 'charged' : 'declined',
        });
        // Renewed: the steps left belong to a period that was paid.
        if (charged) break;
      }
    }
    await recordAudits(tx, audits);
    await enqueueEmails(tx, messages);
    return outcomes;
  });
}
