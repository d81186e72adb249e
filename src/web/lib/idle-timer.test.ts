import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TIMEOUT_MINUTES } from '../../domain/constants';
import { startIdleTimer } from './idle-timer';

const LIMIT = SESSION_TIMEOUT_MINUTES * 60_000;
const MIN = 60_000;

describe('startIdleTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-03T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('calls onIdle once the latest activity is 30 minutes old, not before', () => {
    const last = Date.now();
    const onIdle = vi.fn();
    startIdleTimer({ limitMs: LIMIT, lastActivityAt: () => last, onIdle });
    vi.advanceTimersByTime(LIMIT - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * LIMIT);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('waits on when another tab was active meanwhile', () => {
    let last = Date.now();
    const onIdle = vi.fn();
    startIdleTimer({ limitMs: LIMIT, lastActivityAt: () => last, onIdle });
    vi.advanceTimersByTime(20 * MIN);
    last = Date.now(); // the other tab made a request
    vi.advanceTimersByTime(10 * MIN);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20 * MIN - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('signs out at once when the latest activity is already too old (a tab woken from sleep)', () => {
    const onIdle = vi.fn();
    const old = Date.now() - LIMIT - MIN;
    startIdleTimer({ limitMs: LIMIT, lastActivityAt: () => old, onIdle });
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts from its start when no activity is known', () => {
    const onIdle = vi.fn();
    startIdleTimer({ limitMs: LIMIT, lastActivityAt: () => null, onIdle });
    vi.advanceTimersByTime(LIMIT - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing once stopped', () => {
    const onIdle = vi.fn();
    const stop = startIdleTimer({ limitMs: LIMIT, lastActivityAt: () => Date.now() - MIN, onIdle });
    stop();
    vi.advanceTimersByTime(2 * LIMIT);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
