import type { SweepObserver } from '../jobs/sweep-status';
import type { Tracing } from './tracing';

/**
 * The sweeps' observer, with each round in a span of its own (`sweep outbox sweep`) when tracing
 * is on. A round is a trace of its own, linked to the request that woke it when one did: a
 * round serves whatever is due, not the one request that kicked it, and may outlast it.
 * `panelhub.sweep.items` says what the round handled, so idle rounds can be told apart (and
 * dropped by the collector if they are not wanted).
 */
export function tracedSweeps(observer: SweepObserver, tracing: Tracing | undefined): SweepObserver {
  if (!tracing?.enabled) return observer;
  return {
    ...observer,
    around: (sweep, round) =>
      tracing.inSpan(
        `sweep ${sweep}`,
        { 'panelhub.sweep': sweep },
        async (span) => {
          const result = await round();
          if (Array.isArray(result)) span.setAttributes({ 'panelhub.sweep.items': result.length });
          return result;
        },
        { newTrace: true },
      ),
  };
}
