import type { FastifyReply } from 'fastify';
import { ApiError } from '../http/errors';
import type { RateLimitResult } from './limiter';

/**
 * A counted request's answer: the `RateLimit-*` headers on every answer, and past the limit a
 * 429 `rate_limited` with `Retry-After` and the caller's words for what was counted.
 */
export function answerLimit(
  reply: FastifyReply,
  limit: number,
  result: RateLimitResult,
  refusal: (retryAfterSeconds: number) => string,
): void {
  reply.header('RateLimit-Limit', String(limit));
  reply.header('RateLimit-Remaining', String(result.remaining));
  reply.header('RateLimit-Reset', String(result.retryAfterSeconds));
  if (result.allowed) return;
  reply.header('Retry-After', String(result.retryAfterSeconds));
  throw new ApiError(429, 'rate_limited', refusal(result.retryAfterSeconds));
}
