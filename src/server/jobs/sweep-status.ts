import { performance } from 'node:perf_hooks';

/** One round of a sweep as it ended: which sweep, when it began (wall clock), how long, and whether it threw. */
export interface SweepRound {
  sweep: string;
  startedAt: Date;
  durationMs: number;
  ok: boolean;
  /** What the round handled, when it returns a list (rows sent, orders filled); else unknown. */
  items?: number | undefined;
  /** Why it threw: the error's own message, cut short. */
  error?: string | undefined;
}

/**
 * Told about every round of every sweep in this process. One small interface so that whoever
 * watches the workers (metrics, an admin screen) reads the same rounds without the sweeps
 * knowing about them.
 */
export interface SweepObserver {
  roundEnded(round: SweepRound): void;
  /** The sweep's timer started in this process: a round at `firstAt`, then every `everyMs`. */
  scheduled?(sweep: string, everyMs: number, firstAt: Date): void;
  /** Runs each round inside what the observer puts around it (tracing: the round's span). */
  around?<R>(sweep: string, round: () => Promise<R>): Promise<R>;
}

/** A sweep's timer in this process: when its first round is or was, and how often it fires. */
export interface SweepSchedule {
  sweep: string;
  everyMs: number;
  firstRoundAt: Date;
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
  /** What the last round handled, when its sweep says (see SweepRound.items). */
  lastItems: number | null;
  /** The last failure's message; kept after later successes, beside lastFailureAt. */
  lastError: string | null;
}

export interface SweepStatus extends SweepObserver {
  /** Every sweep that has finished a round, by name. */
  list(): SweepState[];
  /** Every sweep whose timer runs in this process (none where no sweep was started). */
  schedules(): SweepSchedule[];
}

/** An error's message short enough for a status screen; the stack stays in the log. */
const ERROR_TEXT_MAX = 500;
function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
}

/** The per-process record of the sweeps' rounds; in memory, so each instance tells of its own workers. */
export function createSweepStatus(): SweepStatus {
  const states = new Map<string, SweepState>();
  const timers = new Map<string, SweepSchedule>();
  return {
    roundEnded({ sweep, startedAt, durationMs, ok, items, error }) {
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
        lastItems: items ?? null,
        lastError: ok ? (before?.lastError ?? null) : (error ?? 'failed'),
      });
    },
    scheduled(sweep, everyMs, firstAt) {
      timers.set(sweep, { sweep, everyMs, firstRoundAt: firstAt });
    },
    list: () => [...states.values()].map((state) => ({ ...state })),
    schedules: () => [...timers.values()].map((timer) => ({ ...timer })),
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
  const report = (ok: boolean, more: Pick<SweepRound, 'items' | 'error'>) =>
    observer.roundEnded({ sweep, startedAt, durationMs: performance.now() - began, ok, ...more });
  try {
    const result = await (observer.around ? observer.around(sweep, round) : round());
    report(true, { items: Array.isArray(result) ? result.length : undefined });
    return result;
  } catch (error) {
    report(false, { error: errorText(error) });
    throw error;
  }
}
