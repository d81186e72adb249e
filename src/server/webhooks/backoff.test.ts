import { describe, expect, it } from 'vitest';
import {
  nextAttemptAt,
  shouldDisable,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
} from './backoff';

const HOUR = 3_600_000;

describe('webhook retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, more than a day in all', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([
      5_000,
      300_000,
      1_800_000,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      10 * HOUR,
    ]);
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, d) => sum + d, 0);
    expect(total).toBeGreaterThanOrEqual(24 * HOUR);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
  });

  it('gives the time of the next attempt, and none after the last', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    let at = start;
    for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) {
      const next = nextAttemptAt(attempt, at, () => 0);
      expect(next).not.toBeNull();
      at = next!;
    }
    expect(at.getTime() - start.getTime()).toBeGreaterThanOrEqual(24 * HOUR);
    expect(nextAttemptAt(WEBHOOK_MAX_ATTEMPTS, at)).toBeNull();
    expect(nextAttemptAt(1, start, () => 0)).toEqual(new Date('2026-01-01T00:00:05Z'));
    expect(() => nextAttemptAt(0, start)).toThrow();
  });

  it('spreads retries only later, by at most a tenth of the wait', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const latest = nextAttemptAt(4, start, () => 0.999_999)!;
    expect(latest.getTime() - start.getTime()).toBeGreaterThan(2 * HOUR);
    expect(latest.getTime() - start.getTime()).toBeLessThanOrEqual(2.2 * HOUR);
  });

  it('disables an endpoint after three days of failures and not before', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    expect(WEBHOOK_DISABLE_AFTER_MS).toBe(72 * HOUR);
    expect(shouldDisable(null, new Date('2026-02-01T00:00:00Z'))).toBe(false);
    expect(shouldDisable(first, new Date('2026-01-03T23:59:59Z'))).toBe(false);
    expect(shouldDisable(first, new Date('2026-01-04T00:00:00Z'))).toBe(true);
  });
});
