import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import type { RateLimiter } from '../rate-limit/limiter';

/** Wrong invitation links tried from one address before it is refused for the rest of the window. */
export const TOKEN_MISSES = { limit: 30, windowMs: 10 * 60_000 };

/**
 * Bounds guessing of invitation links per client address, in the shared counters so across
 * instances: only a wrong token counts, so a person opening their own link a few times is
 * never refused; past the limit every lookup from the address is refused, a right one too,
 * so the limit holds however lucky a guess.
 */
export function tokenGuessLimit(deps: { limiter: RateLimiter; rateLimitMultiplier: number }) {
  const rule = { ...TOKEN_MISSES, limit: TOKEN_MISSES.limit * deps.rateLimitMultiplier };
  const refuse = (reply: FastifyReply, seconds: number) => {
    reply.header('retry-after', String(seconds));
    const minutes = Math.ceil(seconds / 60);
    return new ApiError(
      429,
      'rate_limited',
      `Too many invitation links were tried from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  };
  return async function lookUp<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    find: () => Promise<T | null>,
  ): Promise<T | null> {
    const key = `invitation-token:ip:${request.ip}`;
    const before = await deps.limiter.peek(key, rule);
    if (!before.allowed) throw refuse(reply, before.retryAfterSeconds);
    const found = await find();
    if (found !== null) return found;
    const miss = await deps.limiter.hit(key, rule);
    if (!miss.allowed) throw refuse(reply, miss.retryAfterSeconds);
    return null;
  };
}
