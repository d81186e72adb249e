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

/**
 * Serves an endpoint declared in src/domain/api (D14): its method, path, OpenAPI words and
 * schemas come from the declaration, so a route file holds only what the server does.
 */
export function serve<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: ServeOptions = {},
): void {
  // Access, refusals and examples are the contract's, not Fastify's schema.
  const { method, path, access: _access, errors: _errors, example: _example, ...docs } = endpoint;
  // Only the parts the endpoint declares: Fastify and the OpenAPI transform read a key that is
  // there as a schema, even an undefined one.
  const schema = Object.fromEntries(Object.entries(docs).filter(([, value]) => value !== undefined));
  app.route({ ...options, method, url: path, schema, handler } as Parameters<ZodApp['route']>[0]);
}
