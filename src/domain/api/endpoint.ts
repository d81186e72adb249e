import type { z } from 'zod';

// One endpoint of the API, declared once (D14): its method and path, the words the OpenAPI
// document shows and the schemas of what goes in and comes out. The server serves it
// (src/server/http/serve.ts); the schemas are the ones the web app checks answers with.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 'GET /api/me/webhooks': the method and the path, as the document and the tests name an operation. */
export type EndpointRoute = `${HttpMethod} /${string}`;

/** The OpenAPI side of an endpoint: what it is for and the shape of each input and answer. */
export interface EndpointDocs {
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
  /** By status; left out only where the success is not JSON (a file, a redirect). */
  response?: Record<number, z.ZodType>;
}

export type Endpoint<D extends EndpointDocs = EndpointDocs> = D & {
  method: HttpMethod;
  /** In Fastify's form: /api/me/webhooks/:endpointId. */
  path: string;
  tags: string[];
};

/**
 * The declarer for one heading of the document: `const endpoint = endpointsUnder('webhooks')`,
 * then `endpoint('GET /api/me/webhooks', { summary, response })`.
 */
export function endpointsUnder(...tags: string[]) {
  return <D extends EndpointDocs>(route: EndpointRoute, docs: D): Endpoint<D> => {
    const space = route.indexOf(' ');
    return { ...docs, method: route.slice(0, space) as HttpMethod, path: route.slice(space + 1), tags };
  };
}
