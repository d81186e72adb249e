import { beforeAll, describe, expect, it } from 'vitest';
import { adminKitForSuite, insertOwnedObjects } from '../admin/test-kit';
import { signedInAccount } from '../testing/accounts';
import { hasOwnSuite, type RegisteredRoute, registeredRoutes } from '../testing/routes';
import { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

/**
 * Who may call each route (docs/security.md):
 * - public: anyone; never 401/403.
 * - user: any signed-in person (customers and admins); anonymous 401.
 * - owner: a signed-in person's own object named in the path; anonymous 401, another
 *   customer 404 (the object does not exist for them), the owner gets through.
 * - admin: anonymous 401, customers 403.
 * - provider: a payment provider's signed callback; nobody gets through without the signature.
 * - key: /api/v1, an API key in `Authorization: Bearer` and nothing else (a session cookie
 *   alone is a 401, docs/decisions/0011-api-keys.md); the key acts as its owner, never as an admin.
 * - key-owner: a key's own object named in the path; another customer's key gets 404.
 * A /api/v1 write (any method but GET) also needs a read_write key: a read key gets 403.
 * A route the app registers without an entry here fails the suite.
 */
type Access = 'public' | 'user' | 'owner' | 'admin' | 'provider' | 'key' | 'key-owner';

const MATRIX: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/status': 'public',
  'GET /api/ready': 'public',
  'GET /api/site': 'public',
  'GET /api/openapi.json': 'public',
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'POST /api/contact': 'public',
  'GET /api/me': 'public',
  // An e-mail's one-click preference link: the signed token is the authority (rate-limited).
  'GET /api/email-preferences/unsubscribe': 'public',
  'POST /api/email-preferences/unsubscribe': 'public',
  'POST /api/webhooks/sandbox': 'provider',
  'POST /api/webhooks/stripe': 'provider',

  'GET /api/me/profile': 'user',
  'PUT /api/me/profile': 'user',
  'GET /api/me/settings': 'user',
  'PUT /api/me/settings': 'user',
  'POST /api/me/delete': 'user',
  'GET /api/me/panels': 'user',
  'GET /api/me/panels/past': 'user',
  'GET /api/me/replacements': 'user',
  'POST /api/me/panels/reveal': 'user',
  'GET /api/me/dashboard': 'user',
  'GET /api/me/orders': 'user',
  'GET /api/me/billing': 'user',
  'GET /api/me/billing-profile': 'user',
  'PUT /api/me/billing-profile': 'user',
  'GET /api/me/tax': 'user',
  'POST /api/me/billing/portal': 'user',
  'POST /api/checkout': 'user',
  'POST /api/payments/verify': 'user',
  // Keys are managed with the session only: a key cannot make or revoke keys.
  'GET /api/me/api-keys': 'user',
  'POST /api/me/api-keys': 'user',
  // Webhook endpoints too: a key cannot send the account's events somewhere else.
  'GET /api/me/webhooks': 'user',
  'POST /api/me/webhooks': 'user',

  'GET /api/orders/:id/status': 'owner',
  'POST /api/orders/:id/abandon': 'owner',
  'GET /api/orders/:id/payment-instructions': 'owner',
  'POST /api/me/subscriptions/:orderId/cancel': 'owner',
  'POST /api/me/subscriptions/:orderId/resume': 'owner',
  'POST /api/me/orders/:orderId/refund-request': 'owner',
  'POST /api/me/panels/:panelId/replacement-request': 'owner',
  'GET /api/me/orders/:orderId': 'owner',
  'POST /api/me/orders/:orderId/checkout': 'owner',
  'GET /api/me/invoices/:paymentId/pdf': 'owner',
  'GET /api/me/credit-notes/:creditNoteId/pdf': 'owner',
  'DELETE /api/me/api-keys/:keyId': 'owner',
  'DELETE /api/me/webhooks/:endpointId': 'owner',
  'GET /api/me/webhooks/:endpointId/deliveries': 'owner',
  'POST /api/me/webhooks/:endpointId/test': 'owner',
  'POST /api/me/webhooks/:endpointId/deliveries/:deliveryId/resend': 'owner',
  // The return page's optional row: another customer's session reads as 'no payment yet'.
  'GET /api/payments/by-session/:sessionId': 'user',
  'GET /api/sandbox/sessions/:sessionId': 'owner',
  'POST /api/sandbox/sessions/:sessionId/pay': 'owner',
  'POST /api/sandbox/sessions/:sessionId/cancel': 'owner',

  'GET /api/admin/refunds': 'admin',
  'POST /api/admin/refunds/:id/approve': 'admin',
  'POST /api/admin/refunds/:id/deny': 'admin',
  'GET /api/admin/replacements': 'admin',
  'POST /api/admin/replacements/:id/replace': 'admin',
  'POST /api/admin/replacements/:id/reject': 'admin',
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/orders': 'admin',
  'GET /api/admin/orders/export': 'admin',
  'GET /api/admin/orders/:id': 'admin',
  'GET /api/admin/credit-notes/:creditNoteId/pdf': 'admin',
  'POST /api/admin/orders/:id/cancel': 'admin',
  'POST /api/admin/orders/:id/mark-paid': 'admin',
  'POST /api/admin/orders/:id/record-renewal': 'admin',
  'GET /api/admin/panels': 'admin',
  'POST /api/admin/panels': 'admin',
  'GET /api/admin/panels/export': 'admin',
  'POST /api/admin/panels/import': 'admin',
  'POST /api/admin/panels/reveal': 'admin',
  'POST /api/admin/panels/:id/restock': 'admin',
  'GET /api/admin/fulfillment': 'admin',
  'GET /api/admin/customers': 'admin',
  'GET /api/admin/customers/:id': 'admin',
  'POST /api/admin/customers/:id/role': 'admin',
  'GET /api/admin/audit': 'admin',
  // The signed-in admin's own operator alert toggles.
  'GET /api/admin/alert-settings': 'admin',
  'PUT /api/admin/alert-settings': 'admin',

  'GET /api/v1/panels': 'key',
  'GET /api/v1/panels/:panelId': 'key-owner',
  'GET /api/v1/orders': 'key',
  'GET /api/v1/orders/:orderId': 'key-owner',
  'GET /api/v1/subscriptions': 'key',
  'POST /api/v1/orders': 'key',
  'POST /api/v1/subscriptions/:orderId/cancel': 'key-owner',
  'POST /api/v1/subscriptions/:orderId/resume': 'key-owner',
};

const KEY_ACCESS = new Set<Access | undefined>(['key', 'key-owner']);

/** Registered only with Stripe configured (this suite runs on the sandbox). */
const STRIPE_ONLY = new Set(['POST /api/webhooks/stripe']);

/** A valid body where a route needs one, so what is checked is access, not input. */
const BODIES: Record<string, unknown> = {
  'POST /api/me/orders/:orderId/refund-request': { reason: 'It does not suit us.' },
  'POST /api/me/api-keys': { name: 'Matrix', scope: 'read' },
  'POST /api/me/panels/:panelId/replacement-request': { reason: 'cannot_sign_in', note: '' },
  'POST /api/admin/replacements/:id/reject': { reason: 'Works for us.' },
  'PUT /api/me/billing-profile': {
    companyName: 'Matrix GmbH',
    address: '',
    country: 'DE',
    taxNumber: '',
    invoiceEmail: '',
  },
  'POST /api/v1/orders': { planId: 'basic', additionalPanels: 0, method: 'bank_transfer' },
  'POST /api/me/webhooks': { url: 'http://127.0.0.1:65000/matrix', events: ['order.paid'] },
};

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
});

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
    url: path,
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: BODIES[key(route)] ?? {} }),
  });

const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

describe(`the access matrix on ${database}`, () => {
  it('has an entry for every route the app registers, and no entry for a route it lacks', () => {
    const registered = routes.map(key).sort();
    expect(registered.filter((name) => !(name in MATRIX))).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((name) => !registered.includes(name) && !STRIPE_ONLY.has(name)),
    ).toEqual([]);
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

  it('refuses a read key every /api/v1 write with 403, and lets it read', async () => {
    const anonymous = new TestClient(kit.t.app);
    const v1 = routes.filter((r) => KEY_ACCESS.has(MATRIX[key(r)]));
    expect(v1.filter((r) => r.method !== 'GET').length).toBeGreaterThan(0);
    for (const route of v1) {
      const res = await send(anonymous, route, fill(route.path, owned), bearer(keys.customerRead));
      const who = `${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (route.method === 'GET') expect([401, 403, 404], who).not.toContain(res.statusCode);
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
