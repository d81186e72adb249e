import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { RequestSpan, Tracing } from './tracing';

/**
 * A span for every request the server's socket takes, named after the route pattern the router
 * matched (`GET /api/orders/:id`, never the URL asked for, whose ids and tokens stay out).
 *
 * It begins in a 'request' listener put before Fastify's own: the first code to see the request,
 * so every log line of it (Fastify's 'incoming request' included) carries its trace id, and
 * everything it goes on to do runs under it. It ends in the first onResponse hook, where the
 * route and the status are known, or when the connection closes first. Requests made with
 * `inject` (tests) never reach the socket and are not traced.
 */
export function traceRequests(app: FastifyInstance, tracing: Tracing): void {
  if (!tracing.enabled) return;
  const spans = new WeakMap<IncomingMessage, RequestSpan>();
  app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const span = tracing.beginRequest(req.method ?? 'GET');
    spans.set(req, span);
    // A client that leaves before the answer: onResponse never comes. After an answer the
    // span has already ended, and this does nothing.
    res.once('close', () => span.end({ route: undefined, status: res.statusCode, aborted: true }));
  });
  // Callback style, so it runs at once when the response is finished, before 'close'.
  app.addHook('onResponse', (request, reply, done) => {
    spans.get(request.raw)?.end({
      route: request.routeOptions.url,
      status: reply.statusCode,
      requestId: request.id,
    });
    done();
  });
}
