import { describe, expect, it } from 'vitest';
import { DELIVERY_OVERDUE, isOverdue, timeLeft } from './time-left';

const deadline = '2026-03-03T16:00:00.000Z';
/** The moment `ms` before the deadline. */
const ahead = (ms: number) => new Date(Date.parse(deadline) - ms);
const MIN = 60_000;

describe('timeLeft', () => {
  it('reads hours and minutes, rounding minutes up', () => {
    expect(timeLeft(deadline, ahead(6 * 60 * MIN))).toBe('6 h left');
    expect(timeLeft(deadline, ahead(5 * 60 * MIN + 12 * MIN))).toBe('5 h 12 min left');
    expect(timeLeft(deadline, ahead(5 * 60 * MIN + 11 * MIN + 1))).toBe('5 h 12 min left');
    expect(timeLeft(deadline, ahead(42 * MIN))).toBe('42 min left');
    expect(timeLeft(deadline, ahead(1000))).toBe('1 min left');
  });

  it('says the order is overdue once the promise has passed', () => {
    expect(timeLeft(deadline, ahead(0))).toBe(DELIVERY_OVERDUE);
    expect(timeLeft(deadline, ahead(-3 * 60 * MIN))).toBe('overdue — we are on it');
    expect(isOverdue(deadline, ahead(0))).toBe(true);
    expect(isOverdue(deadline, ahead(1))).toBe(false);
  });
});
