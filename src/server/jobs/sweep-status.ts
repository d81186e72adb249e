import { performance } from 'node:perf_hooks';

/** One round of a sweep as it ended: which sweep, when it began (wall clock), how long, and whether it threw. */
export interface SweepRound {
  sweep: string;
  startedAt: Date;
  durationMs: number;
  ok: boolean;
}

/**
 * Told about every round of every sweep in this process. One small interface so that whoever
 * watches the workers (metrics, an admin screen) reads the same rounds without the sweeps
 * knowing about them.
 */
export interface SweepObserver {
  roundEnded(round: SweepRound): void;
}

/** What this process knows of one sweep since it started. */
export interface SweepState {
  sweep: string;
  lastStartedAt: Date;
  lastDurationMs: number;
  lastOk: boolean;
  /** Null until a round has succeeded. */
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  successes: number;
  failures: number;
}

export interface SweepStatus extends SweepObserver {
  /** Every sweep that has finished a round, by name. */
  list(): SweepState[];
}

/** The per-process record of the sweeps' rounds; in memory, so each instance tells of its own workers. */
export function createSweepStatus(): SweepStatus {
  const states = new Map<string, SweepState>();
  return {
    roundEnded({ sweep, startedAt, durationMs, ok }) {
      const before = states.get(sweep);
      states.set(sweep, {
        sweep,
        lastStartedAt: startedAt,
        lastDurationMs: durationMs,
        lastOk: ok,
        lastSuccessAt: ok ? new Date(startedAt.getTime() + durationMs) : (before?.lastSuccessAt ?? null),
        lastFailureAt: ok ? (before?.lastFailureAt ?? null) : new Date(startedAt.getTime() + durationMs),
        successes: (before?.successes ?? 0) + (ok ? 1 : 0),
        failures: (before?.failures ?? 0) + (ok ? 0 : 1),
      });
    },
    list: () => [...states.values()].map((state) => ({ ...state })),
  };
}

/**
 * Runs one round and tells the observer how it went. Wall-clock time on purpose: the sandbox
 * clock moves business rules, and a monitor asks when the round really ran.
 */
export async function observeRound<R>(
  observer: SweepObserver | undefined,
  sweep: string,
  round: () => Promise<R>,
): Promise<R> {
  if (!observer) return round();
  const startedAt = new Date();
  const began = performance.now();
  const report = (ok: boolean) =>
    observer.roundEnded({ sweep, startedAt, durationMs: performance.now() - began, ok });
  try {
    const result = await round();
    report(true);
    return result;
  } catch (error) {
    report(false);
    throw error;
  }
}
