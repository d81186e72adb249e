import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import type { RateLimiter, RateLimitRule } from './limiter';

/** What a route file counts requests per address with: the shared counters, the deployment's multiplier. */
export interface AddressLimitDeps {
  limiter: RateLimiter;
  rateLimitMultiplier: number;
}

/**
 * A preHandler counting each client address's requests under `name` (`${name}:ip:<address>`),
 * in PostgreSQL like every other limit, so it holds across instances. Past `rule` (its limit
 * times the multiplier) the answer is 429 `rate_limited` with the given words and `retry-after`.
 */
export function perAddressLimit(
  deps: AddressLimitDeps,
  limit: { name: string; rule: RateLimitRule; refusal: string },
) {
  const rule = { ...limit.rule, limit: limit.rule.limit * deps.rateLimitMultiplier };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await deps.limiter.hit(`${limit.name}:ip:${request.ip}`, rule);
    if (!result.allowed) {
      reply.header('retry-after', String(result.retryAfterSeconds));
      throw new ApiError(429, 'rate_limited', limit.refusal);
    }
  };
}
