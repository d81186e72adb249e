import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { errorBody } from './errors';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the router serves at a request's URL. Asked of the router itself, which decodes
 * and routes the URL as it would a request, so `/%61pi/...` and an absolute-form target get
 * the same answer as `/api/...`.
 */
export function allowedMethods(app: FastifyInstance, url: string): HTTPMethods[] {
  return METHODS.filter((method) => app.findRoute({ method, url }) !== null);
}

/**
 * For the not-found handlers: a path the router serves, asked with a method it does not take,
 * answers 405 with the methods it takes in `Allow` (RFC 9110), in the one error shape (D14).
 * Null when no method is served there: the path is unknown, a 404.
 */
export function replyMethodNotAllowed(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const allow = allowedMethods(app, request.url);
  if (allow.length === 0) return null;
  return reply
    .status(405)
    .header('allow', allow.join(', '))
    .send(
      errorBody(
        'method_not_allowed',
        `This address does not take ${request.method}; it takes ${allow.join(', ')}.`,
      ),
    );
}
