import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditRoutes } from './audit/routes';
import { adminCustomerRoutes } from './customers/routes';
import type { AdminDeps } from './deps';
import { adminFulfillmentRoutes } from './fulfillment/routes';
import { adminPanelAdditionRoutes } from './orders/panel-additions-routes';
import { adminOrderRoutes } from './orders/routes';
import { adminPanelRoutes } from './panels/routes';
import { adminPastDueRoutes } from './past-due/routes';
import { adminRefundRoutes } from './refunds/routes';
import { adminReplacementRoutes } from './replacements/routes';
import { adminSandboxClockRoutes } from './sandbox-clock/routes';
import { adminStatsRoutes } from './stats/routes';
import { adminSystemRoutes } from './system/routes';

/**
 * The admin console's API (D11). Every endpoint of it is declared admin-only
 * (src/domain/api/admin/endpoints.ts), so serve() puts the admin guard on onRequest: it runs
 * before the body is read and before validation, so an anonymous caller gets 401 and a
 * customer 403 with the same body whatever the URL, id or payload (they learn nothing).
 * admin-authorization.test.ts checks every /api/admin route the app registers, wherever it
 * comes from.
 */
export function adminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const routes of [
      adminStatsRoutes,
      adminOrderRoutes,
      adminPanelAdditionRoutes,
      adminPanelRoutes,
      adminFulfillmentRoutes,
      adminCustomerRoutes,
      adminAuditRoutes,
      adminRefundRoutes,
      adminPastDueRoutes,
      adminReplacementRoutes,
      adminSandboxClockRoutes,
      adminSystemRoutes,
    ]) {
      await app.register(routes(deps));
    }
  };
}
