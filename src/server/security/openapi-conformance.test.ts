import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint, EndpointExample } from '../../domain/api/endpoint';
import { authEndpointOf } from '../auth/openapi';
import { AUTH_SURFACE } from '../auth/surface';
import { signedInAccount, TEST_PASSWORD } from '../testing/accounts';
import { adminKitForSuite, insertOwnedObjects } from '../testing/admin-kit';
import { TestClient } from '../testing/test-app';

/*
 * The served OpenAPI document against the server: every operation it lists is driven with its
 * declaration's example, with generated valid query values and with generated invalid inputs,
 * anonymously and as the caller its access names. Every answer must have a status the
 * document lists for that operation, and a body that its schema for that status accepts.
 * Deterministic (a fixed seed) and small, so the whole walk stays a few seconds.
 */

const SEED = 20_240_611;
/** Generated requests per operation and caller: valid query values, then invalid inputs. */
const VALID_RUNS = 2;
const INVALID_RUNS = 3;

type JsonSchema = Record<string, unknown>;
interface MediaType {
  schema?: JsonSchema;
}
interface Response {
  description: string;
  content?: Record<string, MediaType>;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType & { example?: unknown }> };
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
}
interface DocumentedOperation {
  /** 'POST /api/me/webhooks/{endpointId}/test' */
  name: string;
  method: string;
  path: string;
  operation: Operation;
  endpoint: Endpoint;
}

const kit = adminKitForSuite();
let doc: Document;
let operations: DocumentedOperation[];
/** The caller each kind of security needs, and objects of the customer's that paths name. */
let apiKey: string;
let owned: Record<string, string>;
/** What the walk may use up: a key to revoke, a webhook endpoint to delete. */
let spare: { keyId: string; endpointId: string };

/** The document's schemas as validators, made once each. */
const validators = new Map<JsonSchema, z.ZodType>();
function validatorOf(schema: JsonSchema): z.ZodType {
  let validator = validators.get(schema);
  if (!validator) {
    validator = z.fromJSONSchema(schema);
    validators.set(schema, validator);
  }
  return validator;
}

/** The endpoint behind an operation: its declaration as served, or the auth surface's. */
function endpointFor(method: string, path: string): Endpoint {
  const fastifyPath = path.replace(/\{([A-Za-z]+)\}/g, ':$1');
  const served = kit.t.app.routeTable.find((r) => r.method === method && r.url === fastifyPath)?.declaration;
  if (served) return served;
  const entry = AUTH_SURFACE.find((e) => e.method === method && `/api/auth${e.path}` === fastifyPath);
  if (entry) return authEndpointOf(entry);
  throw new Error(`${method} ${path} is in the document but not served from a declaration`);
}

/** What is wrong with an answer, as the document describes it (status, content type, body), or null. */
function offTheDocument(op: DocumentedOperation, res: LightMyRequestResponse): string | null {
  const documented = op.operation.responses[String(res.statusCode)];
  if (!documented) return 'undocumented status';
  const contentType = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
  if (!documented.content) {
    // No content documented: a 204, or a redirect whose body nobody reads.
    return res.statusCode === 204 && res.body !== '' ? 'a body on a 204' : null;
  }
  const media = documented.content[contentType];
  if (!media) return `undocumented content type ${contentType}`;
  if (contentType !== 'application/json' || !media.schema) return null;
  const parsed = validatorOf(media.schema).safeParse(res.json());
  return parsed.success ? null : `body off its schema: ${JSON.stringify(parsed.error.issues).slice(0, 300)}`;
}

/** Every answer off the document, as 'operation (caller, request) -> status body: what'. */
const problems: string[] = [];

interface Request {
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** A JSON value, or raw text sent as it is. */
  body?: { json: unknown } | { raw: string; type: string };
}

let idempotencyKeys = 0;

function validRequest(op: DocumentedOperation): Request {
  const example: EndpointExample = op.endpoint.example ?? {};
  const ownedHere = op.endpoint.access.kind === 'owner' || op.endpoint.access.kind === 'key';
  const params = Object.fromEntries(
    [...op.path.matchAll(/\{([A-Za-z]+)\}/g)].map(([, name = '']) => {
      const mine = ownedHere ? (spare[name as keyof typeof spare] ?? owned[name]) : undefined;
      return [name, mine ?? example.params?.[name] ?? '1'];
    }),
  );
  const headers = { ...example.headers };
  // A new key each time: a repeat with another body is a 409 of its own.
  if ('idempotency-key' in headers) headers['idempotency-key'] = `conformance-${++idempotencyKeys}`;
  const body = op.name === 'POST /api/me/webhooks' ? TEST_WEBHOOK : example.body;
  return {
    params,
    query: { ...example.query },
    headers,
    ...(op.operation.requestBody ? { body: { json: body ?? {} } } : {}),
  };
}
/** The example's URL would need the network to resolve. */
const TEST_WEBHOOK = { url: 'http://127.0.0.1:65000/conformance', events: ['order.paid'] };

type Caller = { name: string; client: TestClient; headers: Record<string, string> };

function callersOf(op: DocumentedOperation, anonymous: TestClient): Caller[] {
  const none = { name: 'anonymous', client: anonymous, headers: {} };
  const schemes = (op.operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('apiKey')) {
    return [none, { name: 'key', client: anonymous, headers: { authorization: `Bearer ${apiKey}` } }];
  }
  if (schemes.includes('sessionCookie')) {
    const admin = op.endpoint.access.kind === 'admin';
    return [
      none,
      { name: admin ? 'admin' : 'customer', client: admin ? kit.admin : kit.customer, headers: {} },
    ];
  }
  return [none];
}

async function send(op: DocumentedOperation, caller: Caller, request: Request) {
  const url =
    op.path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => encodeURIComponent(request.params[name] ?? '')) +
    (Object.keys(request.query).length > 0 ? `?${new URLSearchParams(request.query)}` : '');
  const body = request.body;
  const res = await caller.client.request({
    method: op.method as 'GET',
    url,
    headers: {
      ...request.headers,
      ...caller.headers,
      ...(body && 'raw' in body ? { 'content-type': body.type } : {}),
    },
    ...(body ? { payload: 'raw' in body ? body.raw : (body.json as object) } : {}),
  });
  const problem = offTheDocument(op, res);
  if (problem) {
    const sent = `${caller.name}, ${JSON.stringify(request).slice(0, 160)}`;
    problems.push(`${op.name} (${sent}) -> ${res.statusCode} ${res.body.slice(0, 160)}: ${problem}`);
  }
  return res;
}

/** Valid query values drawn from each query parameter's schema: its enum, its integer range. */
function validQueries(op: DocumentedOperation): fc.Arbitrary<Record<string, string>> {
  const fields: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of op.operation.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.schema) continue;
    const schema = parameter.schema as {
      enum?: unknown[];
      type?: unknown;
      minimum?: number;
      maximum?: number;
    };
    if (Array.isArray(schema.enum)) fields[parameter.name] = fc.constantFrom(...schema.enum.map(String));
    else if (schema.type === 'integer')
      fields[parameter.name] = fc
        .integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1000) })
        .map(String);
  }
  return fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, string>>;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('x'.repeat(5_000), 'a\u0000b', '-1', '3000000000', ''),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const hostileText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('x'.repeat(101), 'x'.repeat(3_000), 'abc', '-1', '0', '1.5', '3000000000', '%00', ''),
);

/** Over the 1 MiB body limit. */
const OVERSIZE_BODY = `{"pad":"${'x'.repeat(1_100_000)}"}`;

/** An invalid change to a valid request: a field of the wrong type or gone, a bad path, a body that is not JSON. */
function invalidRequests(op: DocumentedOperation, valid: Request): fc.Arbitrary<Request> {
  const options: fc.Arbitrary<Request>[] = [];
  const params = Object.keys(valid.params);
  if (params.length > 0) {
    options.push(
      fc
        .record({ name: fc.constantFrom(...params), value: hostileText })
        .map(({ name, value }) => ({ ...valid, params: { ...valid.params, [name]: value } })),
    );
  }
  const queryNames = (op.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  options.push(
    fc
      .record({ name: fc.constantFrom(...queryNames, 'unknown'), value: hostileText })
      .map(({ name, value }) => ({ ...valid, query: { ...valid.query, [name]: value } })),
  );
  const json = valid.body && 'json' in valid.body ? valid.body.json : undefined;
  if (json !== undefined) {
    const fields = json && typeof json === 'object' && !Array.isArray(json) ? Object.keys(json) : [];
    const object = json as Record<string, unknown>;
    options.push(
      fc
        .record({ name: fc.constantFrom(...fields, 'unknownField'), value: hostileValue })
        .map(({ name, value }) => ({ ...valid, body: { json: { ...object, [name]: value } } })),
      fc.constantFrom(...fields, '-').map((name) => {
        const { [name]: _gone, ...rest } = object;
        return { ...valid, body: { json: rest } };
      }),
      hostileValue.map((value) => ({ ...valid, body: { json: value } })),
      fc
        .constantFrom(
          { raw: '{"unterminated": ', type: 'application/json' },
          { raw: 'name=x', type: 'application/x-www-form-urlencoded' },
          { raw: '<x/>', type: 'application/xml' },
          { raw: OVERSIZE_BODY, type: 'application/json' },
        )
        .map((raw) => ({ ...valid, body: raw })),
    );
  }
  return fc.oneof(...options);
}

/** Operations that end the caller's session or account: driven last, by a caller of their own. */
const ENDS_THE_CALLER = new Set([
  'POST /api/me/delete',
  'POST /api/auth/sign-out',
  'POST /api/auth/change-password',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/disable',
]);

beforeAll(async () => {
  doc = (await new TestClient(kit.t.app).get('/api/openapi.json')).json() as Document;
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
      endpoint: endpointFor(method.toUpperCase(), path),
    })),
  );
  const objects = await insertOwnedObjects(kit);
  const newKey = async () => {
    const res = await kit.customer.post('/api/me/api-keys', { name: 'Conformance', scope: 'read_write' });
    if (res.statusCode !== 201) throw new Error(`no API key: ${res.body}`);
    return res.json() as { id: number; key: string };
  };
  apiKey = (await newKey()).key;
  const webhook = async () => {
    const res = await kit.customer.post('/api/me/webhooks', TEST_WEBHOOK);
    if (res.statusCode !== 201) throw new Error(`no webhook endpoint: ${res.body}`);
    return String((res.json() as { id: number }).id);
  };
  const endpointId = await webhook();
  const test = await kit.customer.post(`/api/me/webhooks/${endpointId}/test`);
  owned = {
    ...objects,
    endpointId,
    deliveryId: String((test.json() as { id: number }).id),
  };
  spare = { keyId: String((await newKey()).id), endpointId: await webhook() };
});

describe('the OpenAPI document against the server', () => {
  it('lists every operation with its id, security and every status it answers', async () => {
    expect(operations.length).toBeGreaterThan(90);
    for (const op of operations) {
      expect(op.operation.operationId, op.name).toBe(op.endpoint.operationId);
      expect(op.operation.security, op.name).toBeDefined();
    }
    const ids = operations.map((op) => op.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // The validators made from the document do refuse what is off it.
    const refusing = operations.find((op) => op.operation.responses['400']);
    const refusal = refusing?.operation.responses['400']?.content?.['application/json']?.schema;
    expect(refusal).toBeDefined();
    const validator = validatorOf(refusal ?? {});
    const errors = refusing?.endpoint.errors ?? [];
    const code = errors.find((e) => e.status === 400)?.code;
    expect(validator.safeParse({ error: { code, message: 'y' } }).success).toBe(true);
    expect(validator.safeParse({ error: 'x' }).success).toBe(false);
    expect(validator.safeParse({ error: { code, message: 'y' }, extra: 1 }).success).toBe(false);
    // Each status lists only its own codes: none of ours, or one only another status answers, is refused.
    expect(validator.safeParse({ error: { code: 'x', message: 'y' } }).success).toBe(false);
    const elsewhere = errors.find((e) => !errors.some((o) => o.status === 400 && o.code === e.code))?.code;
    expect(elsewhere).toBeDefined();
    expect(validator.safeParse({ error: { code: elsewhere, message: 'y' } }).success).toBe(false);
  });

  it('answers every operation, valid and invalid, only with documented statuses and bodies', async () => {
    const anonymous = new TestClient(kit.t.app);
    const ordered = [
      ...operations.filter((op) => !ENDS_THE_CALLER.has(op.name)),
      ...operations.filter((op) => ENDS_THE_CALLER.has(op.name)),
    ];
    let sent = 0;
    for (const op of ordered) {
      const callers = ENDS_THE_CALLER.has(op.name)
        ? [{ name: 'anonymous', client: anonymous, headers: {} }, await throwaway()]
        : callersOf(op, anonymous);
      for (const caller of callers) {
        const valid = validRequest(op);
        const takesQuery = (op.operation.parameters ?? []).some((p) => p.in === 'query');
        const requests = [
          valid,
          ...(takesQuery ? fc.sample(validQueries(op), { seed: SEED, numRuns: VALID_RUNS }) : []).map(
            (query) => ({ ...valid, query: { ...valid.query, ...query } }),
          ),
          ...fc.sample(invalidRequests(op, valid), { seed: SEED, numRuns: INVALID_RUNS }),
        ];
        for (const request of requests) await send(op, caller, request);
        sent += requests.length;
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(operations.length * (1 + INVALID_RUNS));
  }, 120_000);

  it('gets a session by following the document alone: sign up, sign in, a signed-in call', async () => {
    const byId = new Map(operations.map((op) => [op.operation.operationId, op]));
    const signUp = byId.get('signUp');
    const signIn = byId.get('signIn');
    expect(signUp && signIn).toBeTruthy();
    if (!signUp || !signIn) return;
    const before = problems.length;
    const client = new TestClient(kit.t.app);
    const caller = { name: 'newcomer', client, headers: {} };
    const example = signUp.operation.requestBody?.content['application/json']?.example as Record<
      string,
      string
    >;
    const account = { ...example, email: 'newcomer@example.com', password: TEST_PASSWORD };
    const up = await send(signUp, caller, { params: {}, query: {}, headers: {}, body: { json: account } });
    expect(up.statusCode).toBe(200);
    const credentials = { email: account.email, password: account.password };
    const inside = await send(signIn, caller, {
      params: {},
      query: {},
      headers: {},
      body: { json: credentials },
    });
    expect(inside.statusCode).toBe(200);

    // Only the cookie the document names goes with the signed-in call.
    const scheme = doc.components.securitySchemes.sessionCookie;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const cookie = inside.cookies.find((c) => c.name === scheme?.name);
    expect(cookie?.value).toBeTruthy();
    const profile = operations.find(
      (op) => op.name === 'GET /api/me/profile' && op.operation.security?.[0]?.sessionCookie,
    );
    expect(profile).toBeDefined();
    if (!profile) return;
    const bare = new TestClient(kit.t.app);
    const res = await send(
      profile,
      { name: 'cookie only', client: bare, headers: { cookie: `${scheme?.name}=${cookie?.value}` } },
      { params: {}, query: {}, headers: {}, ...{} },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'newcomer@example.com' });
    expect(problems.slice(before)).toEqual([]);
  });
});

let throwaways = 0;
/** A customer of its own, signed in, for an operation that ends its caller. */
async function throwaway(): Promise<Caller> {
  throwaways += 1;
  const email = `throwaway${throwaways}@example.com`;
  const { client } = await signedInAccount(kit.t.app, kit.db, { email, role: 'user' });
  return { name: 'a customer of its own', client, headers: {} };
}
