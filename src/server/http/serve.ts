import type {
  ContextConfigDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint } from '../../domain/api/endpoint';
import { type AccessGuards, guardsFor } from './access-guards';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The schemas an endpoint validates and serializes with, which type its handler's request and reply. */
type SchemaOf<E extends Endpoint> = Pick<
  E,
  Extract<keyof E, 'params' | 'querystring' | 'headers' | 'body' | 'response'>
>;

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** Route options that are the server's own business, not the contract's (limits, hooks, HEAD). */
export type ServeOptions = Omit<RouteShorthandOptions, 'schema'>;

export type Serve = <E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  options?: ServeOptions,
) => void;

/**
 * Serves endpoints declared in src/domain/api (D14): method, path, OpenAPI words and schemas
 * come from the declaration, and so does the guard, installed first on onRequest from the
 * declared access; a route file holds only what the server does. A route plugin takes it as
 * `const serve = serving(deps.guards)`.
 */
export function serving(guards: AccessGuards): Serve {
  return (app, endpoint, handler, options = {}) => {
    // Access, refusals and examples are the contract's, not Fastify's schema; so is a
    // provider's event, which its handler parses only once the signature over it verifies.
    const { method, path, access, errors: _errors, example: _example, event: _event, ...docs } = endpoint;
    // Only the parts the endpoint declares: Fastify and the OpenAPI transform read a key that
    // is there as a schema, even an undefined one.
    const schema = Object.fromEntries(Object.entries(docs).filter(([, value]) => value !== undefined));
    const onRequest = [...guardsFor(guards, access), ...[options.onRequest ?? []].flat()];
    // The handler is typed by the endpoint's own schemas; route() takes the general form.
    app.route({
      ...options,
      method,
      url: path,
      schema,
      ...(onRequest.length > 0 ? { onRequest } : {}),
      // Read back from the route table (route-table.ts).
      config: { ...options.config, declaration: endpoint },
      handler,
    } as unknown as Parameters<ZodApp['route']>[0]);
  };
}

/**
 * A cancel-at-period-end switch served both ways (D8): the cancel endpoint and its resume, by
 * one handler told which of the two it serves (`cancel` true for the cancel).
 */
export function serveBothWays<C extends Endpoint, R extends Endpoint>(
  serve: Serve,
  app: ZodApp,
  endpoints: { cancel: C; resume: R },
  handler: (cancel: boolean) => EndpointHandler<C | R>,
): void {
  serve<C | R>(app, endpoints.cancel, handler(true));
  serve<C | R>(app, endpoints.resume, handler(false));
}
