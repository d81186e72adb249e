import { describe, expect, it } from 'vitest';
import { dueDunningSteps, dunningStepLabel, nextDunningStep } from './dunning';

const end = new Date('2026-11-28T12:00:00Z');
const facts = (provider: string, subscriptionStatus = 'past_due') => ({
  provider,
  subscriptionStatus,
  currentPeriodEnd: end,
});
const day = (at: Date) => at.toISOString().slice(0, 10);
const none = new Set<string>();

describe('the dunning schedule', () => {
  it('retries a sandbox card on days 1, 2 and 3, then expires', () => {
    expect(dunningStepLabel(nextDunningStep(facts('sandbox'), none)!, day)).toBe(
      'Retry 1 of 3 on 2026-11-29',
    );
    const afterOne = new Set(['retry_1']);
    expect(dunningStepLabel(nextDunningStep(facts('sandbox'), afterOne)!, day)).toBe(
      'Retry 2 of 3 on 2026-11-30',
    );
    const all = new Set(['retry_1', 'retry_2', 'retry_3']);
    expect(dunningStepLabel(nextDunningStep(facts('sandbox'), all)!, day)).toBe('Expires on 2026-12-01');
  });

  it('reminds a bank or crypto renewal on the day and 2 days after', () => {
    expect(dunningStepLabel(nextDunningStep(facts('manual'), none)!, day)).toBe('Reminder on 2026-11-28');
    expect(dunningStepLabel(nextDunningStep(facts('manual'), new Set(['reminder_0']))!, day)).toBe(
      'Reminder on 2026-11-30',
    );
  });

  it('leaves the retries of a Stripe subscription to Stripe: only its expiry is ours', () => {
    expect(nextDunningStep(facts('stripe'), none)).toEqual({
      kind: 'expire',
      at: new Date('2026-12-01T12:00:00Z'),
    });
    expect(dueDunningSteps(facts('stripe'), none, new Date('2026-12-30T00:00:00Z'))).toEqual([]);
  });

  it('takes the steps that are due and not taken, in order', () => {
    const twoDaysOn = new Date('2026-11-30T12:00:00Z');
    expect(dueDunningSteps(facts('sandbox'), none, twoDaysOn).map((s) => s.name)).toEqual([
      'retry_1',
      'retry_2',
    ]);
    expect(dueDunningSteps(facts('sandbox'), new Set(['retry_1']), twoDaysOn).map((s) => s.name)).toEqual([
      'retry_2',
    ]);
    expect(dueDunningSteps(facts('manual'), none, end).map((s) => s.name)).toEqual(['reminder_0']);
  });

  it('has nothing for a subscription that is not past due', () => {
    expect(nextDunningStep(facts('sandbox', 'active'), none)).toBeNull();
    expect(dueDunningSteps(facts('manual', 'expired'), none, new Date('2027-01-01'))).toEqual([]);
  });
});
