import { and, eq, inArray } from 'drizzle-orm';
import type { DunningStepName } from '../../../domain/dunning';
import { dunningSteps } from '../../db/schema';
import type { TxOrDb } from '../../outbox/enqueue';

type Outcome = 'sent' | 'declined' | 'charged';

const key = (orderId: number, periodEnd: Date) => `${orderId}:${periodEnd.toISOString()}`;

/**
 * The steps taken for each order's current past-due period, by order and period end, for the
 * schedule (domain/dunning.ts) to skip.
 */
export async function stepsTakenOf(
  db: TxOrDb,
  periods: ReadonlyArray<{ id: number; currentPeriodEnd: Date | null }>,
): Promise<(orderId: number, periodEnd: Date) => ReadonlySet<string>> {
  const ids = periods.map((p) => p.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            orderId: dunningSteps.orderId,
            periodEnd: dunningSteps.periodEnd,
            step: dunningSteps.step,
          })
          .from(dunningSteps)
          .where(inArray(dunningSteps.orderId, ids));
  const taken = new Map<string, Set<string>>();
  for (const row of rows) {
    const k = key(row.orderId, row.periodEnd);
    taken.set(k, (taken.get(k) ?? new Set()).add(row.step));
  }
  const none: ReadonlySet<string> = new Set();
  return (orderId, periodEnd) => taken.get(key(orderId, periodEnd)) ?? none;
}

/**
 * Claims a step for a period: true for the one transaction that inserts its row, so a
 * retry charges and a reminder is mailed once whatever runs the sweep beside it.
 */
export async function claimStepTx(
  tx: TxOrDb,
  step: { orderId: number; periodEnd: Date; name: DunningStepName; at: Date },
  outcome: Outcome,
): Promise<boolean> {
  const [claimed] = await tx
    .insert(dunningSteps)
    .values({ orderId: step.orderId, periodEnd: step.periodEnd, step: step.name, takenAt: step.at, outcome })
    .onConflictDoNothing()
    .returning({ step: dunningSteps.step });
  return claimed !== undefined;
}

/** What a claimed retry came to, once the charge has answered. */
export async function settleStepTx(
  tx: TxOrDb,
  step: { orderId: number; periodEnd: Date; name: DunningStepName },
  outcome: Outcome,
): Promise<void> {
  await tx
    .update(dunningSteps)
    .set({ outcome })
    .where(
      and(
        eq(dunningSteps.orderId, step.orderId),
        eq(dunningSteps.periodEnd, step.periodEnd),
        eq(dunningSteps.step, step.name),
      ),
    );
}
