import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** The label of a request no route took (404s, the router's refusals). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Node's parser accepts a few dozen methods; anything past the usual ones shares a label. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type RequestDurations = Histogram<'route' | 'method' | 'status'>;

export function createRequestDurations(registry: Registry): RequestDurations {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by routed URL pattern, method and status code.',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
}

/**
 * Times every response. The route label is the pattern the router matched, never the URL
 * asked for: ids and query strings would make a series per request, and a scanner could
 * fill memory with made-up paths. Added before the routes, so it covers them all.
 */
export function observeRequests(app: FastifyInstance, durations: RequestDurations): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    durations.observe({ route, method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
