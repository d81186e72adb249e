import { beforeAll, describe, expect, it } from 'vitest';
import { adminKitForSuite } from '../testing/admin-kit';
import { type RegisteredRoute as Route, registeredRoutes } from '../testing/routes';
import { TestClient } from '../testing/test-app';

const concrete = (path: string) => path.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');

const kit = adminKitForSuite();
let adminRoutes: Route[];
beforeAll(async () => {
  adminRoutes = registeredRoutes(kit.t.app).filter((r) => r.path.startsWith('/api/admin'));
});

describe('authorization of every /api/admin route', () => {
  it('finds the admin routes the console is built from', () => {
    const names = adminRoutes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/stats',
        'GET /api/admin/orders',
        'GET /api/admin/orders/export',
        'GET /api/admin/orders/:id',
        'POST /api/admin/orders/:id/cancel',
        'POST /api/admin/orders/:id/mark-paid',
        'GET /api/admin/panels',
        'POST /api/admin/panels',
        'GET /api/admin/panels/export',
        'POST /api/admin/panels/import',
        'POST /api/admin/panels/reveal',
        'POST /api/admin/panels/:id/restock',
        'GET /api/admin/fulfillment',
        'GET /api/admin/customers',
        'GET /api/admin/customers/:id',
        'POST /api/admin/customers/:id/role',
        'GET /api/admin/audit',
      ]),
    );
  });

  it('answers 401 to anonymous callers and 403 to customers, the same body whatever the id or input', async () => {
    const anonymous = new TestClient(kit.t.app);
    for (const route of adminRoutes) {
      for (const path of [concrete(route.path), concrete(route.path).replace('/1', '/999999')]) {
        const request = {
          method: route.method as 'GET',
          url: `${path}?page=abc`,
          payload: route.method === 'POST' ? { ids: [1], role: 'admin', email: 'x' } : undefined,
        };
        const who = `${route.method} ${path}`;
        const anon = await anonymous.request(request);
        expect(anon.statusCode, who).toBe(401);
        if (route.method !== 'HEAD') {
          expect(anon.json(), who).toEqual({
            error: { code: 'unauthorized', message: 'Sign in to continue.' },
          });
        }
        const customer = await kit.customer.request(request);
        expect(customer.statusCode, who).toBe(403);
        if (route.method !== 'HEAD') {
          expect(customer.json(), who).toEqual({
            error: { code: 'forbidden', message: 'You do not have access to this resource.' },
          });
        }
      }
    }
  });

  it('lets an admin through every route', async () => {
    for (const route of adminRoutes) {
      const res = await kit.admin.request({
        method: route.method as 'GET',
        url: concrete(route.path),
        payload: route.method === 'POST' ? {} : undefined,
      });
      expect([401, 403], `${route.method} ${route.path}: ${res.body}`).not.toContain(res.statusCode);
    }
  });
});
