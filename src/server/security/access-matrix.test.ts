import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS, endpointKey } from '../../domain/api/catalog';
import type { EndpointAccess } from '../../domain/api/endpoint';
import type { ApiKeyScope } from '../../domain/api-keys';
import { workspaceInvitations, workspaces } from '../db/schema';
import { INFRASTRUCTURE_ROUTES } from '../http/infrastructure-routes';
import { signedInAccount } from '../testing/accounts';
import { adminKitForSuite, insertOwnedObjects } from '../testing/admin-kit';
import { hasOwnSuite, type RegisteredRoute, registeredRoutes } from '../testing/routes';
import { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { generateInvitationToken, hashInvitationToken } from '../workspaces/invitations';

/**
 * Who may call each route (docs/security.md), as each endpoint's declaration says
 * (src/domain/api, `access`), probed over HTTP:
 * - public: anyone; never 401/403.
 * - user: any signed-in person (customers and admins); anonymous 401.
 * - owner: a signed-in person's own object named in the path; anonymous 401, another
 *   customer 404 (the object does not exist for them), the owner gets through.
 * - admin: anonymous 401, customers 403.
 * - provider: a payment provider's signed callback; nobody gets through without the signature.
 * - key: /api/v1, an API key in `Authorization: Bearer` and nothing else (a session cookie
 *   alone is a 401, docs/decisions/0011-api-keys.md); the key acts as its owner, never as an admin.
 * - key-owner: a key's own object named in the path; another customer's key gets 404.
 * An endpoint declared for a read_write key refuses a read key with 403.
 * The routes that are not endpoints (http/infrastructure-routes.ts) are public.
 */
type Access = 'public' | 'user' | 'owner' | 'admin' | 'provider' | 'key' | 'key-owner';

const accessName = (access: EndpointAccess): Access =>
  access.kind === 'key' ? (access.owner ? 'key-owner' : 'key') : access.kind;

/** Who may call each route the app has, by 'METHOD /path': what its declaration says. */
let MATRIX: Record<string, Access>;
/** The scope each /api/v1 route declares. */
let SCOPES: Record<string, ApiKeyScope>;

const KEY_ACCESS = new Set<Access | undefined>(['key', 'key-owner']);

/** The routes that need a valid body to reach their owner or state checks: the declared example. */
const NEEDS_BODY = [
  'POST /api/me/orders/:orderId/refund-request',
  'POST /api/me/api-keys',
  'POST /api/me/panels/:panelId/replacement-request',
  'POST /api/admin/replacements/:id/reject',
  'PUT /api/me/billing-profile',
  'POST /api/v1/orders',
  'POST /api/me/webhooks',
  'POST /api/me/orders/:orderId/add-panels',
  'POST /api/me/workspaces/:workspaceId/owner',
  'PUT /api/me/workspaces/:workspaceId/members/:userId',
  'POST /api/me/workspaces/:workspaceId/invitations',
];
/** The reads that need a valid query to reach their owner check: the declared example's. */
const NEEDS_QUERY = ['GET /api/me/orders/:orderId/add-panels'];
/** Where the example cannot serve here: a webhook URL must resolve without the network. */
const TEST_BODIES: Record<string, unknown> = {
  'POST /api/me/webhooks': { url: 'http://127.0.0.1:65000/matrix', events: ['order.paid'] },
};
let BODIES: Record<string, unknown>;
let QUERIES: Record<string, string>;

const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;
const database = TEST_DATABASE_NAME;

const kit = adminKitForSuite();
let routes: RegisteredRoute[];
let otherCustomer: TestClient;
/** API keys of customer A (read_write, and read), of the other customer and of the admin. */
let keys: { customer: string; customerRead: string; other: string; admin: string };
/** Customer A's objects, by path parameter name. */
let owned: Record<string, string>;
let deletableEndpoint: string;
/** Customer A's objects for one route: the webhook DELETE removes an endpoint of its own. */
const ownedFor = (route: RegisteredRoute) =>
  key(route) === 'DELETE /api/me/webhooks/:endpointId' ? { ...owned, endpointId: deletableEndpoint } : owned;

beforeAll(async () => {
  routes = registeredRoutes(kit.t.app).filter((route) => !hasOwnSuite(route));
  const declared = kit.t.app.routeTable.filter((route) => route.declaration);
  MATRIX = {
    ...Object.fromEntries(Object.keys(INFRASTRUCTURE_ROUTES).map((name) => [name, 'public' as const])),
    ...Object.fromEntries(
      declared.flatMap(({ method, url, declaration }) =>
        declaration ? [[`${method} ${url}`, accessName(declaration.access)]] : [],
      ),
    ),
  };
  SCOPES = Object.fromEntries(
    declared.flatMap(({ method, url, declaration }) =>
      declaration?.access.kind === 'key' ? [[`${method} ${url}`, declaration.access.scope]] : [],
    ),
  );
  const examples = Object.fromEntries(API_ENDPOINTS.map((e) => [endpointKey(e), e.example?.body]));
  BODIES = Object.fromEntries(NEEDS_BODY.map((name) => [name, TEST_BODIES[name] ?? examples[name]]));
  const queries = Object.fromEntries(API_ENDPOINTS.map((e) => [endpointKey(e), e.example?.query]));
  QUERIES = Object.fromEntries(NEEDS_QUERY.map((name) => [name, `?${new URLSearchParams(queries[name])}`]));

  ({ client: otherCustomer } = await signedInAccount(kit.t.app, kit.db, {
    email: 'bob@example.com',
    role: 'user',
  }));

  const { id, orderId, paymentId, sessionId, panelId, creditNoteId } = await insertOwnedObjects(kit);
  const makeKey = async (client: TestClient, scope = 'read') => {
    const res = await client.post('/api/me/api-keys', { name: 'Matrix', scope });
    if (res.statusCode !== 201) throw new Error(`no API key: ${res.body}`);
    return res.json() as { id: number; key: string };
  };
  // The owner's DELETE of the suite above revokes this one; the keys below stay in force.
  const revocable = await makeKey(kit.customer);
  keys = {
    customer: (await makeKey(kit.customer, 'read_write')).key,
    customerRead: (await makeKey(kit.customer)).key,
    other: (await makeKey(otherCustomer, 'read_write')).key,
    admin: (await makeKey(kit.admin, 'read_write')).key,
  };
  const endpoint = async () => {
    const res = await kit.customer.post('/api/me/webhooks', BODIES['POST /api/me/webhooks']);
    if (res.statusCode !== 201) throw new Error(`no webhook endpoint: ${res.body}`);
    return String((res.json() as { id: number }).id);
  };
  const endpointId = await endpoint();
  const test = await kit.customer.post(`/api/me/webhooks/${endpointId}/test`);
  if (test.statusCode !== 202) throw new Error(`no webhook delivery: ${test.body}`);
  owned = {
    id,
    orderId,
    paymentId,
    sessionId,
    panelId,
    creditNoteId,
    keyId: String(revocable.id),
    endpointId,
    deliveryId: String((test.json() as { id: number }).id),
  };
  // The owner's DELETE comes before the endpoint's other routes in the route table.
  deletableEndpoint = await endpoint();
  Object.assign(owned, await workspaceObjects());
});

/**
 * Customer A's personal workspace (the session's), their own member row (the owner's: its
 * removal or role change is refused, not hidden), an invitation there, and the link of one to
 * their own address (accepting it is refused: they belong already).
 */
async function workspaceObjects() {
  const [personal] = await kit.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.createdBy, kit.customerUser.id), eq(workspaces.personal, true)));
  if (!personal) throw new Error('the customer has no personal workspace');
  const invited = await kit.customer.post(`/api/me/workspaces/${personal.id}/invitations`, {
    email: 'matrix@example.com',
    role: 'viewer',
  });
  if (invited.statusCode !== 201) throw new Error(`no invitation: ${invited.body}`);
  const token = generateInvitationToken();
  await kit.db.insert(workspaceInvitations).values({
    workspaceId: personal.id,
    email: kit.customerUser.email,
    role: 'viewer',
    tokenHash: hashInvitationToken(token),
    sentAt: [new Date()],
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return {
    workspaceId: personal.id,
    userId: kit.customerUser.id,
    invitationId: String((invited.json() as { id: number }).id),
    token,
  };
}

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? '1');

const send = (
  client: TestClient,
  route: RegisteredRoute,
  path: string,
  headers: Record<string, string> = {},
) =>
  client.request({
    method: route.method as 'GET',
    url: `${path}${QUERIES[key(route)] ?? ''}`,
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: BODIES[key(route)] ?? {} }),
  });

const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

describe(`the access matrix on ${database}`, () => {
  it('knows who may call every route the app registers: its declaration, or infrastructure', () => {
    expect(routes.map(key).filter((name) => !(name in MATRIX))).toEqual([]);
    expect(NEEDS_BODY.filter((name) => BODIES[name] === undefined)).toEqual([]);
  });

  it('takes the access kinds from the declarations, not a list of its own', () => {
    expect(MATRIX['GET /api/me/dashboard']).toBe('user');
    expect(MATRIX['GET /api/me/invoices/:paymentId/pdf']).toBe('owner');
    expect(MATRIX['POST /api/webhooks/sandbox']).toBe('provider');
    expect(MATRIX['POST /api/v1/subscriptions/:orderId/cancel']).toBe('key-owner');
    expect(SCOPES['POST /api/v1/orders']).toBe('read_write');
  });

  it('answers anonymous callers as the matrix says', async () => {
    const anonymous = new TestClient(kit.t.app);
    for (const route of routes) {
      const access = MATRIX[key(route)];
      const res = await send(anonymous, route, fill(route.path, ownedFor(route)));
      const who = `${key(route)} -> ${res.statusCode}`;
      if (access === 'public') expect([401, 403], who).not.toContain(res.statusCode);
      else if (access === 'provider') expect(res.statusCode, who).toBeGreaterThanOrEqual(400);
      else expect(res.statusCode, who).toBe(401);
    }
  });

  it('keeps customers out of admin routes and lets them through their own', async () => {
    for (const route of routes) {
      const access = MATRIX[key(route)];
      const res = await send(kit.customer, route, fill(route.path, ownedFor(route)));
      const who = `${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (access === 'admin') expect(res.statusCode, who).toBe(403);
      // Signed in, but no key: /api/v1 does not take the session.
      else if (KEY_ACCESS.has(access)) expect(res.statusCode, who).toBe(401);
      else if (access === 'user' || access === 'owner')
        expect([401, 403, 404], who).not.toContain(res.statusCode);
    }
  });

  it("answers another customer's object with 404, as if it did not exist", async () => {
    for (const route of routes.filter((r) => MATRIX[key(r)] === 'owner')) {
      const res = await send(otherCustomer, route, fill(route.path, ownedFor(route)));
      expect(res.statusCode, `${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(404);
    }
  });

  it("reads another customer's checkout session as having no payment", async () => {
    const url = `/api/payments/by-session/${owned.sessionId}`;
    expect((await kit.customer.get(url)).json()).toEqual({ paymentStatus: 'completed' });
    expect((await otherCustomer.get(url)).json()).toEqual({ paymentStatus: null });
  });

  it('lets an admin through every admin route', async () => {
    for (const route of routes.filter((r) => MATRIX[key(r)] === 'admin')) {
      const res = await send(kit.admin, route, fill(route.path, ownedFor(route)));
      expect([401, 403], `${key(route)} -> ${res.statusCode}`).not.toContain(res.statusCode);
    }
  });

  it("lets a key through /api/v1 and nowhere else, an admin's key included", async () => {
    const anonymous = new TestClient(kit.t.app);
    for (const route of routes) {
      const access = MATRIX[key(route)];
      if (access === 'public' || access === 'provider') continue;
      const path = fill(route.path, ownedFor(route));
      for (const [holder, apiKey] of [
        ['customer', keys.customer],
        ['admin', keys.admin],
      ] as const) {
        const res = await send(anonymous, route, path, bearer(apiKey));
        const who = `${holder}'s key: ${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (!KEY_ACCESS.has(access)) expect(res.statusCode, who).toBe(401);
        else if (holder === 'customer') expect([401, 403, 404], who).not.toContain(res.statusCode);
      }
    }
  });

  it('refuses a read key every read_write endpoint with 403, and lets it read', async () => {
    const anonymous = new TestClient(kit.t.app);
    const v1 = routes.filter((r) => KEY_ACCESS.has(MATRIX[key(r)]));
    expect(v1.filter((r) => SCOPES[key(r)] === 'read_write').length).toBeGreaterThan(0);
    for (const route of v1) {
      const res = await send(anonymous, route, fill(route.path, owned), bearer(keys.customerRead));
      const who = `${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (SCOPES[key(route)] === 'read') expect([401, 403, 404], who).not.toContain(res.statusCode);
      else expect(res.statusCode, who).toBe(403);
    }
  });

  it("answers another customer's key with 404 for the key owner's objects", async () => {
    const anonymous = new TestClient(kit.t.app);
    for (const route of routes.filter((r) => MATRIX[key(r)] === 'key-owner')) {
      const res = await send(anonymous, route, fill(route.path, ownedFor(route)), bearer(keys.other));
      expect(res.statusCode, `${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(404);
    }
  });
});
