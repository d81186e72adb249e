import { beforeAll, describe, expect, it } from 'vitest';
import { adminKitForSuite, insertOwnedObjects } from '../admin/test-kit';
import { signedInAccount } from '../testing/accounts';
import { hasOwnSuite, type RegisteredRoute, registeredRoutes } from '../testing/routes';
import { TestClient } from '../testing/test-app';

/**
 * Who may call each route (docs/security.md):
 * - public: anyone; never 401/403.
 * - user: any signed-in person (customers and admins); anonymous 401.
 * - owner: a signed-in person's own object named in the path; anonymous 401, another
 *   customer 404 (the object does not exist for them), the owner gets through.
 * - admin: anonymous 401, customers 403.
 * - provider: a payment provider's signed callback; nobody gets through without the signature.
 * A route the app registers without an entry here fails the suite.
 */
type Access = 'public' | 'user' | 'owner' | 'admin' | 'provider';

const MATRIX: Record<string, Access> = {
  'GET /api/health': 'public',
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
  'POST /api/me/panels/reveal': 'user',
  'GET /api/me/dashboard': 'user',
  'GET /api/me/orders': 'user',
  'GET /api/me/billing': 'user',
  'POST /api/me/billing/portal': 'user',
  'POST /api/checkout': 'user',
  'POST /api/payments/verify': 'user',

  'GET /api/orders/:id/status': 'owner',
  'POST /api/orders/:id/abandon': 'owner',
  'GET /api/orders/:id/payment-instructions': 'owner',
  'POST /api/me/subscriptions/:orderId/cancel': 'owner',
  'POST /api/me/subscriptions/:orderId/resume': 'owner',
  'POST /api/me/orders/:orderId/refund-request': 'owner',
  'GET /api/me/orders/:orderId': 'owner',
  'POST /api/me/orders/:orderId/checkout': 'owner',
  'GET /api/me/invoices/:paymentId/pdf': 'owner',
  // The return page's optional row: another customer's session reads as 'no payment yet'.
  'GET /api/payments/by-session/:sessionId': 'user',
  'GET /api/sandbox/sessions/:sessionId': 'owner',
  'POST /api/sandbox/sessions/:sessionId/pay': 'owner',
  'POST /api/sandbox/sessions/:sessionId/cancel': 'owner',

  'GET /api/admin/refunds': 'admin',
  'POST /api/admin/refunds/:id/approve': 'admin',
  'POST /api/admin/refunds/:id/deny': 'admin',
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/orders': 'admin',
  'GET /api/admin/orders/export': 'admin',
  'GET /api/admin/orders/:id': 'admin',
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
};

/** Registered only with Stripe configured (this suite runs on the sandbox). */
const STRIPE_ONLY = new Set(['POST /api/webhooks/stripe']);

/** A valid body where a route needs one, so what is checked is access, not input. */
const BODIES: Record<string, unknown> = {
  'POST /api/me/orders/:orderId/refund-request': { reason: 'It does not suit us.' },
};

const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const kit = adminKitForSuite();
let routes: RegisteredRoute[];
let otherCustomer: TestClient;
/** Customer A's objects, by path parameter name. */
let owned: Record<string, string>;

beforeAll(async () => {
  routes = registeredRoutes(kit.t.app).filter((route) => !hasOwnSuite(route));

  ({ client: otherCustomer } = await signedInAccount(kit.t.app, kit.db, {
    email: 'bob@example.com',
    role: 'user',
  }));

  const { id, orderId, paymentId, sessionId } = await insertOwnedObjects(kit);
  owned = { id, orderId, paymentId, sessionId };
});

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? '1');

const send = (client: TestClient, route: RegisteredRoute, path: string) =>
  client.request({
    method: route.method as 'GET',
    url: path,
    ...(route.method === 'GET' ? {} : { payload: BODIES[key(route)] ?? {} }),
  });

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
      const res = await send(anonymous, route, fill(route.path, owned));
      const who = `${key(route)} -> ${res.statusCode}`;
      if (access === 'public') expect([401, 403], who).not.toContain(res.statusCode);
      else if (access === 'provider') expect(res.statusCode, who).toBeGreaterThanOrEqual(400);
      else expect(res.statusCode, who).toBe(401);
    }
  });

  it('keeps customers out of admin routes and lets them through their own', async () => {
    for (const route of routes) {
      const access = MATRIX[key(route)];
      const res = await send(kit.customer, route, fill(route.path, owned));
      const who = `${key(route)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (access === 'admin') expect(res.statusCode, who).toBe(403);
      else if (access === 'user' || access === 'owner')
        expect([401, 403, 404], who).not.toContain(res.statusCode);
    }
  });

  it("answers another customer's object with 404, as if it did not exist", async () => {
    for (const route of routes.filter((r) => MATRIX[key(r)] === 'owner')) {
      const res = await send(otherCustomer, route, fill(route.path, owned));
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
      const res = await send(kit.admin, route, fill(route.path, owned));
      expect([401, 403], `${key(route)} -> ${res.statusCode}`).not.toContain(res.statusCode);
    }
  });
});
