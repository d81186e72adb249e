import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { errorBody } from '../http/errors';
import type { SweepState } from '../jobs/sweep-status';
import { type RateLimiter, rateLimitMessage } from '../rate-limit/limiter';
import { bearerChecker } from './bearer-token';
import { registerPoolGauges } from './pool-gauges';
import type { Metrics } from './registry';
import { readStoreFigures } from './store-figures';
import { registerStoreGauges } from './store-gauges';
import { registerSweepGauges } from './sweep-gauges';

/** How long a scrape waits for the database figures; well inside Prometheus's 10 s default. */
export const STORE_READ_TIMEOUT_MS = 2_000;

/**
 * Wrong tokens an address may send before it is refused for the rest of the window. Only wrong
 * ones count, so a scraper holding the token is never limited, however often it scrapes; the
 * token is too long to guess, so this stops a scanner's noise, not a guesser.
 */
export const WRONG_TOKEN_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

export interface MetricsSources {
  /** The bearer token scrapers send (config.metricsToken). */
  token: string;
  database: DatabaseHandle;
  /** Each sweep's rounds so far (the services' sweep status). */
  sweeps: () => SweepState[];
  /** Counts wrong tokens per address, shared by every instance. */
  limiter: RateLimiter;
  rateLimitMultiplier: number;
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding the token only: an
 * infrastructure route (http/infrastructure-routes.ts), not part of the API. The series read
 * from the database and the sweeps are added here, once the services exist.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, sources: MetricsSources): void {
  const { registry } = metrics;
  const { database } = sources;
  registerStoreGauges(registry, () => readStoreFigures(database.db, STORE_READ_TIMEOUT_MS), app.log);
  registerSweepGauges(registry, sources.sweeps);
  if (database.driver.kind === 'postgres') registerPoolGauges(registry, database.driver.pool);

  const authorized = bearerChecker(sources.token);
  const wrongTokens = { ...WRONG_TOKEN_LIMIT, limit: WRONG_TOKEN_LIMIT.limit * sources.rateLimitMultiplier };
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!authorized(request.headers.authorization)) {
      const counted = await sources.limiter.hit(`metrics:wrong-token:ip:${request.ip}`, wrongTokens);
      if (!counted.allowed) {
        return reply
          .status(429)
          .header('retry-after', String(counted.retryAfterSeconds))
          .send(errorBody('rate_limited', rateLimitMessage(counted.retryAfterSeconds)));
      }
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('unauthorized', 'Send the metrics token as Authorization: Bearer <token>.'));
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
