import { beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS, endpointKey } from '../../domain/api/catalog';
import { type RegisteredRoute, registeredRoutes } from '../testing/routes';
import { testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { INFRASTRUCTURE_ROUTES } from './infrastructure-routes';
import type { RouteRecord } from './route-table';

/**
 * Every route Fastify has comes from an endpoint declaration (served by serve(), which installs
 * its access guard) or is a listed infrastructure route. Also accounted for:
 * - HEAD: Fastify adds one beside each GET with the GET's options, hooks and declaration, so
 *   the GET's guard covers it (a CSV export opts out of it);
 * - 405: not a route but the not-found handler asking the router which methods a path takes
 *   (http/method-not-allowed.ts), so no request reaches a handler through it.
 */

/** Declared, but served only with Stripe configured (this suite runs on the sandbox). */
const STRIPE_ONLY = new Set(['POST /api/webhooks/stripe']);

// With the metrics token, so the one route served only with it is accounted for too.
const t = testAppForSuite({ METRICS_TOKEN: 'route-coverage-metrics-token' });
let routes: RegisteredRoute[];
let table: readonly RouteRecord[];
const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/** A HEAD is answered as its GET, so it is accounted for as that GET. */
const asGet = (route: RouteRecord) => (route.method === 'HEAD' ? { ...route, method: 'GET' } : route);

beforeAll(() => {
  routes = registeredRoutes(t.app);
  table = t.app.routeTable;
});

describe(`every route comes from a declaration on ${TEST_DATABASE_NAME}`, () => {
  it("records every route in Fastify's own route tree", () => {
    // The tree prints a wildcard route bare ('*'), without the prefix it hangs under.
    const recorded = (route: RegisteredRoute) =>
      table.some(
        (r) =>
          r.method === route.method && (r.url === route.path || (route.path === '*' && r.url.endsWith('*'))),
      );
    expect(routes.length).toBeGreaterThan(API_ENDPOINTS.length);
    expect(routes.filter((route) => !recorded(route)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(table.length).toBe(routes.length);
  });

  it('serves each route from its own declaration, or lists it as infrastructure', () => {
    const stray = table.filter((route) =>
      route.declaration
        ? endpointKey(route.declaration) !== key(asGet(route))
        : !(key(asGet(route)) in INFRASTRUCTURE_ROUTES),
    );
    expect(stray.map(key)).toEqual([]);
  });

  it('serves only declarations the catalogue lists, so the checks that read it see them all', () => {
    const listed = new Set<unknown>(API_ENDPOINTS);
    const unlisted = table.filter((route) => route.declaration && !listed.has(route.declaration));
    expect(unlisted.map(key)).toEqual([]);
  });

  it('serves every declaration', () => {
    const served = new Set(table.filter((route) => route.declaration).map(key));
    const missing = API_ENDPOINTS.map(endpointKey).filter(
      (name) => !served.has(name) && !STRIPE_ONLY.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('lists only infrastructure routes the app has', () => {
    const registered = new Set(table.map(key));
    expect(Object.keys(INFRASTRUCTURE_ROUTES).filter((name) => !registered.has(name))).toEqual([]);
  });

  it('gives every served route that is not public a guard of its own, on onRequest', () => {
    const open = (route: RouteRecord) =>
      ['public', 'provider'].includes(route.declaration?.access.kind ?? '');
    const unguarded = table.filter((r) => r.declaration && !open(r) && r.ownOnRequestHooks === 0);
    expect(unguarded.map(key)).toEqual([]);
  });
});
