import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { SESSION_TIMEOUT_MINUTES } from '../../domain/constants';
import { startIdleTimer } from './idle-timer';

const LIMIT = SESSION_TIMEOUT_MINUTES * 60_000;
const MIN = 60_000;

/** A timer with the session limit, reading the latest activity from `lastActivityAt`. */
function start(lastActivityAt: () => number | null) {
  const onIdle = vi.fn();
  const stop = startIdleTimer({ limitMs: LIMIT, lastActivityAt, onIdle });
  return { onIdle, stop };
}

/** onIdle has not been called a millisecond before `ms` from now, and is called once at `ms`. */
function expectIdleAfter(onIdle: Mock, ms: number) {
  vi.advanceTimersByTime(ms - 1);
  expect(onIdle).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(onIdle).toHaveBeenCalledTimes(1);
}

describe('startIdleTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-03T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('calls onIdle once the latest activity is 30 minutes old, not before', () => {
    const last = Date.now();
    const { onIdle } = start(() => last);
    expectIdleAfter(onIdle, LIMIT);
    vi.advanceTimersByTime(10 * LIMIT);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('waits on when another tab was active meanwhile', () => {
    let last = Date.now();
    const { onIdle } = start(() => last);
    vi.advanceTimersByTime(20 * MIN);
    last = Date.now(); // the other tab made a request
    vi.advanceTimersByTime(10 * MIN);
    expect(onIdle).not.toHaveBeenCalled();
    expectIdleAfter(onIdle, 20 * MIN);
  });

  it('signs out at once when the latest activity is already too old (a tab woken from sleep)', () => {
    const old = Date.now() - LIMIT - MIN;
    const { onIdle } = start(() => old);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts from its start when no activity is known', () => {
    const { onIdle } = start(() => null);
    expectIdleAfter(onIdle, LIMIT);
  });

  it('does nothing once stopped', () => {
    const { onIdle, stop } = start(() => Date.now() - MIN);
    stop();
    vi.advanceTimersByTime(2 * LIMIT);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
