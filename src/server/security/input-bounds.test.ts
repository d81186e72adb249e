import { beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS, endpointKey } from '../../domain/api/catalog';
import { INFRASTRUCTURE_ROUTES } from '../http/infrastructure-routes';
import { adminKitForSuite, insertOwnedObjects } from '../testing/admin-kit';
import { hasOwnSuite, type RegisteredRoute, registeredRoutes } from '../testing/routes';
import type { TestClient } from '../testing/test-app';

/**
 * D14: nothing a client sends gives a 500. Every route the app registers (read from Fastify's
 * own route table, so a new route is covered without anyone listing it) gets, in each of its
 * path parameters, query parameters and JSON body fields:
 * - an id beyond PostgreSQL's integer (3000000000): a 4xx where the field is a number,
 *   and never a 500 where it is text (an all-digit search is still a search);
 * - text with a NUL byte, which PostgreSQL cannot store: always a 4xx;
 * - text far beyond any limit: always a 4xx (every text is bounded).
 * Header parameters the document lists (Idempotency-Key) get the id and the over-long text;
 * a NUL byte cannot be sent in a header at all. /api/v1 is probed with a read_write key, so
 * its checks, not the missing key, answer.
 * Each answer that is not a success has the error shape. The fields come from the route's
 * schema as the OpenAPI document publishes it; a body is mutated one field at a time from a
 * valid one, so each field's own check is what answers.
 */

const TOO_BIG_ID = '3000000000';
const NUL_TEXT = 'a\u0000b';
const LONG_TEXT = 'x'.repeat(20_000);

/** Routes left out of the OpenAPI document: probed through their path only. */
const HIDDEN = new Set(Object.keys(INFRASTRUCTURE_ROUTES));

/**
 * A valid body for every route that takes one: its declared example, but for the few that
 * must name this suite's own objects (its account, order, panel) or must not reach the network
 * (a webhook URL is resolved).
 */
function validBodies(owned: Owned): Record<string, unknown> {
  const examples = API_ENDPOINTS.flatMap((endpoint) =>
    endpoint.example?.body === undefined ? [] : [[endpointKey(endpoint), endpoint.example.body] as const],
  );
  return {
    ...Object.fromEntries(examples),
    'POST /api/payments/verify': { sessionId: owned.sessionId, orderId: Number(owned.orderId) },
    'POST /api/me/delete': { confirmEmail: owned.customerEmail },
    'POST /api/me/panels/reveal': { ids: [Number(owned.panelId)], purpose: 'reveal' },
    'POST /api/me/billing/portal': { orderId: Number(owned.orderId) },
    'POST /api/admin/panels/reveal': { ids: [Number(owned.panelId)], purpose: 'reveal' },
    'POST /api/me/webhooks': { url: 'http://127.0.0.1:65000/probe', events: ['order.paid'] },
  };
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

type Owned = Record<'id' | 'orderId' | 'paymentId' | 'sessionId' | 'panelId' | 'customerEmail', string>;
type Expect = 'client_error' | 'no_server_error';
interface Probe {
  what: string;
  url: string;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  expect: Expect;
}

const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;
const docPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const isNumeric = (schema: JsonSchema | undefined): boolean => {
  const types = [schema?.type ?? []].flat();
  return types.includes('integer') || types.includes('number');
};
const alternatives = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? schema.oneOf ?? [schema];

/** Every field a body schema has, as a path into the body, with its schema (each union branch apart). */
function fields(
  schema: JsonSchema,
  at: (string | number)[] = [],
): { at: (string | number)[]; schema: JsonSchema }[] {
  return alternatives(schema).flatMap((branch) => {
    if (branch.properties) {
      return Object.entries(branch.properties).flatMap(([name, child]) => fields(child, [...at, name]));
    }
    if (branch.items) return fields(branch.items, [...at, 0]);
    return at.length ? [{ at, schema: branch }] : [];
  });
}

/** A copy of `body` with the field at `at` set to `value` (an array becomes `[value]`). */
function withField(body: unknown, at: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = at;
  if (head === undefined) return value;
  if (typeof head === 'number') return [withField(undefined, rest, value)];
  const object = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return { ...object, [head]: withField(object[head], rest, value) };
}

/** The values each kind of field is probed with, and what must come back. */
function probeValues(schema: JsonSchema | undefined): { label: string; value: unknown; expect: Expect }[] {
  if (isNumeric(schema)) {
    return [
      { label: 'id beyond int4', value: Number(TOO_BIG_ID), expect: 'client_error' },
      { label: 'text with NUL', value: NUL_TEXT, expect: 'client_error' },
    ];
  }
  const types = [schema?.type ?? []].flat();
  if (types.includes('boolean')) return [{ label: 'text with NUL', value: NUL_TEXT, expect: 'client_error' }];
  return [
    { label: 'id beyond int4 as text', value: TOO_BIG_ID, expect: 'no_server_error' },
    { label: 'text with NUL', value: NUL_TEXT, expect: 'client_error' },
    { label: 'over-long text', value: LONG_TEXT, expect: 'client_error' },
  ];
}

function probesFor(
  route: RegisteredRoute,
  operation: Operation | undefined,
  owned: Owned,
  body: unknown,
): Probe[] {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const fill = (values: Record<string, string>) =>
    route.path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(values[name] ?? owned[name as keyof Owned] ?? '1'),
    );
  const paramSchema = (name: string, where: 'path' | 'query') =>
    operation?.parameters?.find((p) => p.name === name && p.in === where)?.schema;
  const probes: Probe[] = [];

  for (const name of params) {
    const schema = paramSchema(name, 'path');
    for (const { label, value, expect } of probeValues(schema ?? { type: 'string' })) {
      if (value === LONG_TEXT) continue; // the router's own limit, checked below
      probes.push({ what: `path ${name}: ${label}`, url: fill({ [name]: String(value) }), body, expect });
    }
    probes.push({
      what: `path ${name}: over-long`,
      url: fill({ [name]: 'x'.repeat(101) }),
      body,
      expect: 'client_error',
    });
  }

  for (const parameter of operation?.parameters?.filter((p) => p.in === 'query') ?? []) {
    for (const { label, value, expect } of probeValues(parameter.schema)) {
      const query = new URLSearchParams({ [parameter.name]: String(value) });
      probes.push({ what: `query ${parameter.name}: ${label}`, url: `${fill({})}?${query}`, body, expect });
    }
  }

  for (const parameter of operation?.parameters?.filter((p) => p.in === 'header') ?? []) {
    for (const { label, value, expect } of probeValues(parameter.schema)) {
      if (value === NUL_TEXT) continue;
      probes.push({
        what: `header ${parameter.name}: ${label}`,
        url: fill({}),
        body,
        headers: { [parameter.name]: String(value) },
        expect,
      });
    }
  }

  const content = operation?.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  if (json) {
    for (const field of fields(json)) {
      for (const { label, value, expect } of probeValues(field.schema)) {
        probes.push({
          what: `body ${field.at.join('.')}: ${label}`,
          url: fill({}),
          body: withField(body, field.at, value),
          expect,
        });
      }
    }
  }
  if (content['text/csv']) {
    // A file's bad rows are reported one by one (200); the request itself must not fail.
    for (const [label, row] of [
      ['NUL in a cell', `nul${NUL_TEXT}@bounds.example,pass${NUL_TEXT}word`],
      ['id beyond int4', `big@bounds.example,pw,${TOO_BIG_ID},${TOO_BIG_ID}`],
    ] as const) {
      probes.push({
        what: `csv: ${label}`,
        url: fill({}),
        body: `email,password,domains,max_mailboxes\r\n${row}\r\n`,
        contentType: 'text/csv',
        expect: 'no_server_error',
      });
    }
  }
  return probes;
}

const kit = adminKitForSuite();
let routes: RegisteredRoute[];
let paths: Record<string, Record<string, Operation>>;
let owned: Owned;
let address = 0;
/** The customer's read_write key, sent to /api/v1 (which takes no session). */
let apiKey: string;

beforeAll(async () => {
  routes = registeredRoutes(kit.t.app).filter((route) => !hasOwnSuite(route));
  paths = (await kit.admin.get('/api/openapi.json')).json().paths;

  // The customer's own order, payment, panel and checkout, so owner routes reach their handlers.
  owned = await insertOwnedObjects(kit);
  const created = await kit.customer.post('/api/me/api-keys', { name: 'Bounds', scope: 'read_write' });
  apiKey = created.json().key;
});

const operationOf = (route: RegisteredRoute) => paths[docPath(route.path)]?.[route.method.toLowerCase()];

function send(client: TestClient, method: string, probe: Probe) {
  address += 1;
  const bearer = probe.url.startsWith('/api/v1/') ? { authorization: `Bearer ${apiKey}` } : {};
  return client.request({
    method: method as 'GET',
    url: probe.url,
    // Its own address per request, so per-IP limits (the contact form) never answer first.
    remoteAddress: `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    headers: {
      ...bearer,
      ...probe.headers,
      ...(method === 'GET' ? {} : { 'content-type': probe.contentType ?? 'application/json' }),
    },
    ...(method === 'GET'
      ? {}
      : { payload: (probe.contentType ? probe.body : JSON.stringify(probe.body ?? {})) as string }),
  });
}

describe('every id and text a client sends is bounded (D14)', () => {
  it('knows every route: each is in the OpenAPI document or listed as hidden with a reason', () => {
    expect(routes.filter((route) => !operationOf(route) && !HIDDEN.has(key(route))).map(key)).toEqual([]);
  });

  it('has a valid body for every route that takes a JSON body', () => {
    const bodies = validBodies(owned);
    const missing = routes.filter(
      (route) => operationOf(route)?.requestBody?.content['application/json'] && !(key(route) in bodies),
    );
    expect(missing.map(key)).toEqual([]);
  });

  it('answers a too-big id, a NUL byte or an over-long text anywhere with a 4xx in the error shape, never a 500', async () => {
    const bodies = validBodies(owned);
    const failures: string[] = [];
    let probed = 0;
    for (const route of routes) {
      const client = route.path.startsWith('/api/admin') ? kit.admin : kit.customer;
      for (const probe of probesFor(route, operationOf(route), owned, bodies[key(route)])) {
        probed += 1;
        const res = await send(client, route.method, probe);
        const where = `${key(route)} ${probe.what} -> ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500) failures.push(where);
        else if (probe.expect === 'client_error' && res.statusCode < 400) failures.push(where);
        else if (res.statusCode >= 400) {
          const body = String(res.headers['content-type'] ?? '').includes('application/json')
            ? res.json()
            : null;
          if (typeof body?.error?.code !== 'string' || typeof body?.error?.message !== 'string') {
            failures.push(`${where} (not the error shape)`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Guards the generator itself: it must reach every kind of input.
    expect(probed).toBeGreaterThan(150);
  });

  it.each([
    ['/api/orders/3000000000/status', 'GET'],
    ['/api/orders/3000000000/abandon', 'POST'],
    ['/api/me/invoices/3000000000/pdf', 'GET'],
    ['/api/me/subscriptions/3000000000/cancel', 'POST'],
  ])('refuses %s as not an id', async (url, method) => {
    const res = await kit.customer.request({ method: method as 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation_error', message: expect.stringContaining('Not a valid id') },
    });
  });

  it('refuses a NUL byte in a checkout session id', async () => {
    for (const url of ['/api/payments/by-session/cs%00x', '/api/sandbox/sessions/cs%00x']) {
      const res = await kit.customer.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    const verify = await kit.customer.post('/api/payments/verify', { sessionId: 'cs\u0000x' });
    expect(verify.statusCode).toBe(400);
  });

  // The auth library's front door has its own suite; this is the one text of it found to reach
  // PostgreSQL unchecked (the reset token is a rate-limit key).
  it('refuses a NUL byte in a password-reset token', async () => {
    const res = await kit.customer.post('/api/auth/reset-password', {
      token: 'a\u0000b',
      newPassword: 'password-123456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
  });
});
