import { describe, expect, it } from 'vitest';
import { promiseTime } from './promise-time';

/** The promise of an order whose deadline is 18:00 UTC, read at `now`. */
const promiseAt = (now: string) => promiseTime('2026-03-03T18:00:00.000Z', new Date(now));

describe('promiseTime', () => {
  it('counts the time left before the 6-hour promise', () => {
    expect(promiseAt('2026-03-03T12:48:00.000Z')).toEqual({ text: '5 h 12 min left', breached: false });
    expect(promiseAt('2026-03-03T17:59:30.000Z')).toEqual({ text: '1 min left', breached: false });
  });

  it('says how late a breached order is', () => {
    expect(promiseAt('2026-03-03T18:00:00.000Z')).toEqual({ text: 'Late by 1 min', breached: true });
    expect(promiseAt('2026-03-03T19:05:59.000Z')).toEqual({ text: 'Late by 1 h 5 min', breached: true });
    expect(promiseAt('2026-03-04T01:00:00.000Z')).toEqual({ text: 'Late by 7 h', breached: true });
  });
});
