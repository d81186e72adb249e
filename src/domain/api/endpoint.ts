import type { z } from 'zod';
import type { ApiKeyScope } from '../api-keys';
import { type EndpointAccess, operationIdOf } from './endpoint-access';
import { type EndpointError, errorsOf } from './endpoint-errors';

// One endpoint of the API, declared once (D14): its method and path, who may call it, the
// refusals it can answer, the words the OpenAPI document shows and the schemas of what goes in
// and comes out. The server serves it and installs its guard (src/server/http/serve.ts); the
// schemas are the ones the web app checks answers with.

export { access } from './endpoint-access';
export type { ApiKeyScope, EndpointAccess, EndpointError };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 'GET /api/me/webhooks': the method and the path, as the document and the tests name an operation. */
export type EndpointRoute = `${HttpMethod} /${string}`;

/**
 * A valid input, as it travels: path and query values are text, the body is JSON. It parses
 * with the endpoint's own schemas (endpoint-examples.test.ts), so tests and the document can
 * send it as it is.
 */
export interface EndpointExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The OpenAPI side of an endpoint: what it is for and the shape of each input and answer. */
export interface EndpointDocs {
  /** Who may call it; the server installs the matching guard before the input is read. */
  access: EndpointAccess;
  /**
   * The refusals its handler and services give (409 state refusals, a 502 from a provider...).
   * Those that follow from the access, the inputs and the method are added by errorsOf.
   */
  errors?: readonly EndpointError[];
  /** A valid input for every input it declares (params always; query and body where needed). */
  example?: EndpointExample;
  /** Derived from the method and path unless declared. */
  operationId?: string;
  /** Left out only by the few routes the document has always listed bare (profile and settings). */
  summary?: string;
  description?: string;
  /** The OpenAPI security requirement: the public API names its bearer key scheme. */
  security?: Record<string, string[]>[];
  /** Request content types other than JSON (the inventory CSV import). */
  consumes?: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /**
   * A payment provider's callback only: the event it posts. Read raw, since the signature
   * covers its exact bytes, and parsed by the handler once that verifies, so Fastify does not
   * check it; the document shows it as the request body.
   */
  event?: z.ZodType;
  /** By status; left out only where the success is not JSON (a file, a redirect). */
  response?: Record<number, z.ZodType>;
}

export type Endpoint<D extends EndpointDocs = EndpointDocs> = Omit<D, 'errors' | 'operationId'> & {
  method: HttpMethod;
  /** In Fastify's form: /api/me/webhooks/:endpointId. */
  path: string;
  tags: string[];
  operationId: string;
  /** Every refusal it can answer: the declared ones and those its access, inputs and method imply. */
  errors: EndpointError[];
};

/**
 * The declarer for one heading of the document: `const endpoint = endpointsUnder('webhooks')`,
 * then `endpoint('GET /api/me/webhooks', { access: access.member('integrations.manage'), summary, response })`.
 */
export function endpointsUnder(...tags: string[]) {
  return <D extends EndpointDocs>(route: EndpointRoute, docs: D): Endpoint<D> => {
    const space = route.indexOf(' ');
    const method = route.slice(0, space) as HttpMethod;
    const path = route.slice(space + 1);
    return {
      ...docs,
      method,
      path,
      tags,
      operationId: docs.operationId ?? operationIdOf(method, path),
      errors: errorsOf(method, path, docs),
    };
  };
}

/**
 * The declarer for a heading whose endpoints all have one access, which it adds:
 * `const endpoint = endpointsFor(access.admin, 'admin')`, then `endpoint('GET /api/admin/stats', {...})`.
 */
export function endpointsFor<A extends EndpointAccess>(shared: A, ...tags: string[]) {
  const endpoint = endpointsUnder(...tags);
  return <D extends Omit<EndpointDocs, 'access'>>(route: EndpointRoute, docs: D) =>
    endpoint(route, { access: shared, ...docs });
}
