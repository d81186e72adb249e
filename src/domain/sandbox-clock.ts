import { plural } from './format';

// The sandbox clock (modelled on Stripe's test clocks): while card payments run on the built-in
// sandbox, an admin may move the business time forward to watch renewals and expiries happen.
// Shared by the server, the admin console and the banner every page shows while it is ahead.

export const DAY_MS = 86_400_000;
/** The most days one advance moves; more is asked for with another advance. */
export const SANDBOX_CLOCK_MAX_DAYS = 400;

/** Whole days the clock is ahead of real time. */
export const offsetDaysOf = (offsetMs: number): number => Math.floor(offsetMs / DAY_MS);

/** 'Sandbox clock: 31 days ahead', the banner's words. */
export function sandboxClockText(offsetMs: number): string {
  return `Sandbox clock: ${plural(offsetDaysOf(offsetMs), 'day')} ahead`;
}
