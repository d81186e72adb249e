/**
 * Waits after the 1st, 2nd, ... failed attempt of one message (docs/decisions/0012-webhooks.md).
 * They add up to about 27.6 hours, so a receiver down for a whole day still gets every event
 * once it is back; the early short waits cover a deploy or a blip on the receiver's side.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** The first try and one per delay; a message still failing after the last is dead. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/**
 * An endpoint failing every attempt for this long is disabled: nobody is reading it, and
 * each new event would only start another day of doomed retries.
 */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 86_400_000;

/**
 * Retries are spread by up to this share of their wait, only ever later: when a busy
 * endpoint comes back, its backlog arrives over minutes instead of in one burst, and the
 * schedule never gets shorter than listed.
 */
const JITTER = 0.1;

/**
 * When to try again after attempt number `attempt` (1 = the first try) failed at `from`, or
 * null when that was the last attempt.
 */
export function nextAttemptAt(attempt: number, from: Date, random: () => number = Math.random): Date | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error('attempt counts from 1');
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) return null;
  return new Date(from.getTime() + Math.round(delay * (1 + JITTER * random())));
}

/**
 * `firstFailureAt` is the start of the endpoint's current run of failures (cleared by any
 * successful delivery), not of one message: a message gives up after about a day, while an
 * endpoint keeps failing as long as new events keep coming.
 */
export function shouldDisable(firstFailureAt: Date | null, now: Date): boolean {
  return firstFailureAt !== null && now.getTime() - firstFailureAt.getTime() >= WEBHOOK_DISABLE_AFTER_MS;
}
