import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint, EndpointAccess, EndpointError, EndpointExample } from '../../domain/api/endpoint';
import type { ErrorCode } from '../../domain/api/error-codes';
import { apiErrorSchemaOf } from '../../domain/api/errors';
import { V1_SECURITY_SCHEME } from '../../domain/api/v1';

// The OpenAPI side of a declaration (D14) that Fastify's schema does not carry: who may call
// it, every refusal it answers and a valid input. Added in the swagger transform, so no route
// says it by hand and the document cannot drift from what serve() installs.

type JsonSchema = Record<string, unknown>;

export const SESSION_COOKIE_SCHEME = 'sessionCookie';

/** The schemes the document's operations name, with the cookie name the app uses. */
export function securitySchemes(names: { sessionCookie: string }) {
  return {
    [SESSION_COOKIE_SCHEME]: {
      type: 'apiKey',
      in: 'cookie',
      name: names.sessionCookie,
      description:
        'The session, set by POST /api/auth/sign-in/email (or the code and two-factor sign-ins). State-changing requests from a browser must come from this site (403 forbidden_origin otherwise).',
    },
    // /api/v1 takes an API key and nothing else (docs/decisions/0011-api-keys.md).
    [V1_SECURITY_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      description: 'An API key made on the account settings: phk_ and 43 letters and digits.',
    },
  } as const;
}

/** How to reach the API, for the document's reader. */
export const API_DESCRIPTION = [
  'Sign up with POST /api/auth/sign-up/email, then sign in with POST /api/auth/sign-in/email:',
  'the answer sets the session cookie (`sessionCookie`) that the signed-in operations need.',
  'When the account has two-factor on, sign-in sets a challenge cookie instead, and',
  'POST /api/auth/two-factor/verify-totp (or verify-backup-code) opens the session.',
  'The public API under /api/v1 takes an API key in `Authorization: Bearer` instead.',
  'Every refusal has the body `{ "error": { "code", "message" } }`; each operation lists its refusal statuses, and for each the codes `code` can take.',
  'A known path asked with a method it does not take answers 405 method_not_allowed, with the methods it takes in `Allow`.',
].join(' ');

export function securityOf(access: EndpointAccess): Record<string, string[]>[] {
  switch (access.kind) {
    case 'public':
      return [];
    case 'user':
    case 'owner':
    case 'admin':
      return [{ [SESSION_COOKIE_SCHEME]: [] }];
    case 'key':
      return [{ [V1_SECURITY_SCHEME]: [] }];
    // No credential of ours: the signature over the body, a required header parameter of the
    // operation, is the authority. A security scheme would take that parameter out of the list.
    case 'provider':
      return [];
  }
}

/** A zod schema as the document's JSON Schema, without the dialect line the document does not take. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
  }) as JsonSchema;
  return json;
}

/**
 * The error shape with `code` an enum of exactly the codes declared for that status, so a
 * client knows what it may branch on, and an answer with any other code is off the document.
 */
function errorJsonSchema(codes: readonly [ErrorCode, ...ErrorCode[]]): JsonSchema {
  return jsonSchemaOf(apiErrorSchemaOf(codes), 'output');
}

/** One response per refusal status, in the one error shape, its description naming each code and when. */
export function errorResponses(errors: readonly EndpointError[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, EndpointError[]>();
  for (const error of errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  return Object.fromEntries(
    [...byStatus].map(([status, refusals]) => [
      String(status),
      {
        ...errorJsonSchema(refusals.map((r) => r.code) as [ErrorCode, ...ErrorCode[]]),
        description: refusals.map((r) => `${r.code}: ${r.when}`).join('; '),
      },
    ]),
  );
}

/** An example travels as text; the document shows a number where the schema takes one. */
function typed(property: JsonSchema, value: string): string | number {
  const numeric = property.type === 'integer' || property.type === 'number';
  return numeric && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
}

/** The value each named property takes in the example, as the JSON Schema `examples` keyword. */
function withPropertyExamples(schema: unknown, values: Record<string, string> | undefined): unknown {
  if (!values || typeof schema !== 'object' || schema === null) return schema;
  const properties = (schema as { properties?: Record<string, JsonSchema> }).properties;
  if (!properties) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        name in values ? { ...property, examples: [typed(property, values[name] ?? '')] } : property,
      ]),
    ),
  };
}

function withBodyExample(schema: unknown, example: EndpointExample | undefined): unknown {
  if (example?.body === undefined || typeof schema !== 'object' || schema === null) return schema;
  return { ...schema, examples: [example.body] };
}

/** Successes that are not JSON, by what the path serves. */
function fileSuccess(path: string): JsonSchema {
  if (path.endsWith('/pdf')) {
    return {
      description: 'A PDF file',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (path.endsWith('/export')) {
    return { description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' } } } };
  }
  return { description: 'Success' };
}

/** The transformed schema of a served endpoint, with its security, refusals and example. */
export function documented(schema: FastifySchema & Record<string, unknown>, endpoint: Endpoint) {
  const declared = (schema.response ?? {}) as Record<string, JsonSchema>;
  const successes = Object.fromEntries(Object.entries(declared).filter(([status]) => Number(status) < 400));
  const answers = {
    ...(Object.keys(successes).length > 0 ? successes : { 200: fileSuccess(endpoint.path) }),
    ...errorResponses(endpoint.errors),
  };
  const response = answers;
  // The event is not Fastify's body schema (it is read raw), so it is turned here.
  const body = endpoint.event ? jsonSchemaOf(endpoint.event, 'input') : schema.body;
  return {
    ...schema,
    security: endpoint.security ?? securityOf(endpoint.access),
    params: withPropertyExamples(schema.params, endpoint.example?.params),
    querystring: withPropertyExamples(schema.querystring, endpoint.example?.query),
    headers: withPropertyExamples(schema.headers, endpoint.example?.headers),
    body: withBodyExample(body, endpoint.example),
    response: Object.fromEntries(Object.entries(response).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

/**
 * The zod provider's transform, then the declaration's part. Routes not served from a
 * declaration (the auth front door, the document itself) are hidden and pass unchanged.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const endpoint = input.route.config?.declaration;
  const schema = result.schema as FastifySchema & Record<string, unknown>;
  if (!endpoint || schema.hide) return result;
  const withParts = documented(schema, endpoint);
  // Fastify's schema keys must be absent, not undefined, where the endpoint takes no input.
  return {
    ...result,
    schema: Object.fromEntries(Object.entries(withParts).filter(([, value]) => value !== undefined)),
  };
};
