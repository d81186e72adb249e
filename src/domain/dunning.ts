import { RENEWAL_GRACE_DAYS } from './constants';

// Dunning (D8; docs/decisions/0019-dunning.md): what happens to a past-due subscription, and
// when. One schedule, read by the sweep that takes the steps and by the lists that show the
// next one, so what the admin console and the customer read is what the sweep will do.

const DAY_MS = 86_400_000;

/** Days after the failed renewal on which the sandbox charges the card again. */
export const CARD_RETRY_DAYS = [1, 2, 3] as const;

/** Days after the period end on which a bank transfer or crypto renewal is reminded of. */
export const MANUAL_REMINDER_DAYS = [0, 2] as const;

export const DUNNING_STEP_NAMES = ['retry_1', 'retry_2', 'retry_3', 'reminder_0', 'reminder_2'] as const;
export type DunningStepName = (typeof DUNNING_STEP_NAMES)[number];

export type DunningStep =
  /** The sandbox charges the card on file again. */
  | { kind: 'retry'; name: DunningStepName; attempt: number; of: number; at: Date }
  /** A bank transfer or crypto renewal is e-mailed a reminder with its instructions. */
  | { kind: 'reminder'; name: DunningStepName; at: Date }
  /** The grace period ends: the subscription expires and its panels with it. */
  | { kind: 'expire'; at: Date };

export interface DunningFacts {
  provider: string;
  subscriptionStatus: string;
  /** The end of the period the failed renewal was for: past due since then. */
  currentPeriodEnd: Date | null;
}

const dayAfter = (end: Date, days: number) => new Date(end.getTime() + days * DAY_MS);

/** When a past-due subscription expires: the grace period after its unpaid period end. */
export function graceEndOf(periodEnd: Date): Date {
  return dayAfter(periodEnd, RENEWAL_GRACE_DAYS);
}

/**
 * Every step of a past-due subscription, in order, the expiry last. A step that would fall
 * after the grace period is left out: the subscription has ended by then. Empty when the
 * subscription is not past due.
 */
export function dunningSchedule(facts: DunningFacts): DunningStep[] {
  const end = facts.currentPeriodEnd;
  if (facts.subscriptionStatus !== 'past_due' || end === null) return [];
  const expiry: DunningStep = { kind: 'expire', at: graceEndOf(end) };
  const inGrace = (days: number) => days <= RENEWAL_GRACE_DAYS;
  if (facts.provider === 'sandbox') {
    const retryDays = CARD_RETRY_DAYS.filter(inGrace);
    const retries = retryDays.map(
      (days, i): DunningStep => ({
        kind: 'retry',
        name: `retry_${days}` as DunningStepName,
        attempt: i + 1,
        of: retryDays.length,
        at: dayAfter(end, days),
      }),
    );
    return [...retries, expiry];
  }
  if (facts.provider === 'manual') {
    const reminders = MANUAL_REMINDER_DAYS.filter(inGrace).map(
      (days): DunningStep => ({
        kind: 'reminder',
        name: `reminder_${days}` as DunningStepName,
        at: dayAfter(end, days),
      }),
    );
    return [...reminders, expiry];
  }
  return [expiry];
}

/**
 * The first step not taken yet (`done`: the steps claimed for this period), which the lists
 * show; the expiry once every other step was taken. A Stripe subscription has only its
 * expiry here: Stripe retries the card on its own schedule and its invoice events say how
 * that went.
 */
export function nextDunningStep(facts: DunningFacts, done: ReadonlySet<string>): DunningStep | null {
  return dunningSchedule(facts).find((s) => s.kind === 'expire' || !done.has(s.name)) ?? null;
}

/** A step as the lists read it (the API's shape, its date as a Date). */
export type DunningStepView =
  | { kind: 'retry'; attempt: number; of: number; at: Date }
  | { kind: 'reminder' | 'expire'; at: Date };

/** How the lists word a step: 'Retry 2 of 3 on Nov 29', 'Reminder on Dec 3', 'Expires on Dec 4'. */
export function dunningStepLabel(step: DunningStepView, day: (at: Date) => string): string {
  if (step.kind === 'retry') return `Retry ${step.attempt} of ${step.of} on ${day(step.at)}`;
  if (step.kind === 'reminder') return `Reminder on ${day(step.at)}`;
  return `Expires on ${day(step.at)}`;
}

/** The steps the sweep takes now: due and not claimed yet, in order (the expiry is the sweep's own). */
export function dueDunningSteps(
  facts: DunningFacts,
  done: ReadonlySet<string>,
  now: Date,
): Array<Extract<DunningStep, { kind: 'retry' | 'reminder' }>> {
  return dunningSchedule(facts).flatMap((s) =>
    (s.kind === 'retry' || s.kind === 'reminder') && s.at <= now && !done.has(s.name) ? [s] : [],
  );
}
