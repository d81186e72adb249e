import { z } from 'zod';
import { AUTH_ENDPOINT_DOCS } from '../../domain/api/auth';
import { type Endpoint, type EndpointRoute, endpointsUnder } from '../../domain/api/endpoint';
import { COMMON_ERRORS } from '../../domain/api/endpoint-errors';
import { errorResponses, securityOf } from '../http/openapi';
import { AUTH_SURFACE, type SurfaceEntry } from './surface';

// The auth library's endpoints in the OpenAPI document. They are served by one wildcard route
// (routes.ts), which the swagger transform never sees as endpoints, so their operations are
// made here: inputs from the surface's own checks, answers from src/domain/api/auth.ts.

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const authEndpoint = endpointsUnder('auth');
/** The surface's path segment pattern (surface.ts): anything else answers 404. */
const SEGMENT = /^[A-Za-z0-9_-]{1,200}$/;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** A surface entry as a declared endpoint, so its refusals come from the same rules as every other's. */
export function authEndpointOf(entry: SurfaceEntry): Endpoint {
  const name = `${entry.method} ${entry.path}`;
  const docs = AUTH_ENDPOINT_DOCS[name];
  if (!docs) throw new Error(`the auth endpoint ${name} has no docs in src/domain/api/auth.ts`);
  const segments = [...entry.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  const limited = entry.ip || entry.account ? [COMMON_ERRORS.rateLimited] : [];
  return authEndpoint(`${entry.method} /api/auth${entry.path}` as EndpointRoute, {
    ...docs,
    errors: [...(docs.errors ?? []), ...limited],
    ...(segments.length > 0
      ? { params: z.strictObject(Object.fromEntries(segments.map((s) => [s, z.string().regex(SEGMENT)]))) }
      : {}),
    ...(entry.query ? { querystring: entry.query } : {}),
    ...(entry.body ? { body: entry.body } : {}),
  });
}

function parameters(endpoint: Endpoint): JsonSchema[] {
  const from = (
    where: 'path' | 'query',
    schema: z.ZodType | undefined,
    examples?: Record<string, string>,
  ) => {
    if (!schema) return [];
    const json = jsonSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    return Object.entries(json.properties ?? {}).map(([name, property]) => ({
      in: where,
      name,
      required: where === 'path' || (json.required ?? []).includes(name),
      schema: property,
      ...(examples?.[name] !== undefined ? { example: examples[name] } : {}),
    }));
  };
  return [
    ...from('path', endpoint.params, endpoint.example?.params),
    ...from('query', endpoint.querystring, endpoint.example?.query),
  ];
}

const SET_COOKIE = {
  'set-cookie': {
    description: 'The session cookie, the two-factor challenge cookie, or their removal',
    schema: { type: 'string' },
  },
};

function responses(endpoint: Endpoint): Record<string, JsonSchema> {
  const successes = Object.entries(endpoint.response ?? {}).map(([status, schema]) => [
    status,
    status.startsWith('3')
      ? { description: 'A redirect', headers: { location: { schema: { type: 'string' } } } }
      : {
          description: 'Success',
          headers: SET_COOKIE,
          content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
        },
  ]);
  const refusals = Object.entries(errorResponses(endpoint.errors)).map(
    ([status, { description, ...schema }]) => [
      status,
      { description, content: { 'application/json': { schema } } },
    ],
  );
  return Object.fromEntries([...successes, ...refusals].sort(([a], [b]) => Number(a) - Number(b)));
}

function operationOf(endpoint: Endpoint): Operation {
  const params = parameters(endpoint);
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: endpoint.tags,
    security: securityOf(endpoint.access),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchema(endpoint.body, 'input'),
                ...(endpoint.example?.body !== undefined ? { example: endpoint.example.body } : {}),
              },
            },
          },
        }
      : {}),
    responses: responses(endpoint),
  };
}

/** The document's paths for the auth endpoints the product mounts, as OpenAPI writes them. */
export function authPaths(): Record<string, Record<string, Operation>> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const entry of AUTH_SURFACE) {
    const endpoint = authEndpointOf(entry);
    const path = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operationOf(endpoint) };
  }
  return paths;
}
