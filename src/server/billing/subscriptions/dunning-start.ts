import { inArray } from 'drizzle-orm';
import { MANUAL_REMINDER_DAYS } from '../../../domain/dunning';
import { type AuditEntry, recordAudits } from '../../audit/audit';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import type { EmailContent } from '../../mail/templates';
import { dunningAudit, remindTx } from './dunning-sweep';
import { renewalOwedOf } from './renewal-owed';
import type { SweepChange } from './subscriptions';

/**
 * The dunning steps the subscription sweep's own changes are (docs/decisions/0019-dunning.md),
 * in its transaction: a sandbox card declined at the period end and a grace period ended
 * unpaid each get their audit line (their e-mails are the past-due and ended ones); a bank
 * transfer or crypto renewal falling past due is its day's reminder, claimed like the later
 * one. Returns those reminders by order, for the caller to send instead of the past-due e-mail.
 */
export async function dunningStartTx(
  tx: Tx,
  config: Config,
  changes: readonly SweepChange[],
  at: Date,
): Promise<Map<number, EmailContent>> {
  const audits: AuditEntry[] = [];
  for (const change of changes) {
    if (change.kind === 'past_due' && change.provider === 'sandbox') {
      audits.push(dunningAudit(change.orderId, 'renewal_declined', {}));
    }
    if (change.kind === 'expired' && change.afterGrace) {
      audits.push(dunningAudit(change.orderId, 'expired', {}));
    }
  }
  const manualIds = changes.flatMap((c) =>
    c.kind === 'past_due' && c.provider === 'manual' ? [c.orderId] : [],
  );
  const reminders = new Map<number, EmailContent>();
  if (manualIds.length > 0) {
    const rows = await tx.select().from(orders).where(inArray(orders.id, manualIds));
    const owed = await renewalOwedOf(tx, rows);
    const name = `reminder_${MANUAL_REMINDER_DAYS[0]}` as const;
    for (const order of rows) {
      const done = await remindTx(tx, config, order, { name, at }, owed.get(order.id) ?? 0);
      if (!done) continue;
      audits.push(done.audit);
      reminders.set(order.id, done.content);
    }
  }
  await recordAudits(tx, audits);
  return reminders;
}
