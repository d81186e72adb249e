import { z } from 'zod';
import { SANDBOX_CLOCK_MAX_DAYS } from '../../sandbox-clock';
import { timestamp } from './paging';

// The sandbox clock's admin endpoints: declared by the server, checked by the admin console.

export const advanceClockBodySchema = z.strictObject({
  advanceDays: z
    .number()
    .int()
    .min(1)
    .max(SANDBOX_CLOCK_MAX_DAYS)
    .describe(`Whole days to move the business time forward, 1 to ${SANDBOX_CLOCK_MAX_DAYS}`),
});
export type AdvanceClockBody = z.infer<typeof advanceClockBodySchema>;

export const sandboxClockSchema = z.object({
  /** Whole days the business time is ahead of real time. */
  offsetDays: z.number().int().nonnegative(),
  offsetMs: z.number().int().nonnegative(),
  /** The business time: what every renewal, expiry and reminder reads. */
  now: timestamp,
  /** The server's real time, which sessions, sign-in codes and rate limits keep. */
  realNow: timestamp,
});
export type SandboxClockState = z.infer<typeof sandboxClockSchema>;
