import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (only meaningful when not allowed). */
  retryAfterSeconds: number;
  /** Hits left in this window (0 once refused). */
  remaining: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every app instance shares them. One atomic
 * upsert a hit: a row whose window has passed starts again at 1.
 */
export function createRateLimiter(db: Database, now: () => Date = () => new Date()) {
  return {
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const current = now();
      const windowFloor = new Date(current.getTime() - rule.windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: current, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then ${current.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
      if (!row) return { allowed: true, retryAfterSeconds: 0, remaining: rule.limit };
      const resetsAt = row.windowStart.getTime() + rule.windowMs;
      return {
        allowed: row.count <= rule.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - current.getTime()) / 1000)),
        remaining: Math.max(0, rule.limit - row.count),
      };
    },

    /**
     * Whether one more hit would be allowed, counting nothing: for a limit on failures only,
     * checked before each attempt (so one past the limit is refused even when it would have
     * succeeded) and hit after each failure.
     */
    async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const current = now();
      const [row] = await db
        .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      if (!row || row.windowStart.getTime() <= current.getTime() - rule.windowMs) {
        return { allowed: true, retryAfterSeconds: 0, remaining: rule.limit };
      }
      const resetsAt = row.windowStart.getTime() + rule.windowMs;
      return {
        allowed: row.count < rule.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - current.getTime()) / 1000)),
        remaining: Math.max(0, rule.limit - row.count),
      };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}
