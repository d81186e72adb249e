import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingApi } from '../../domain/api/billing-endpoints';
import { currentWorkspace } from '../auth/session';
import type { AccessGuards } from '../http/access-guards';
import { serveBothWays, serving } from '../http/serve';
import { addPanelsRoutes } from './add-panels/add-panels-routes';
import { manualAddRoutes } from './add-panels/manual-add-routes';
import { customerInvoice } from './invoices/invoice';
import { changePanelsCancel } from './panels/panel-billing';
import { payNow } from './pay-now';
import { billingSummary, dashboardSummary } from './queries';
import { askForRefund, type BillingDeps, billingPortalUrl, changeCancelAtPeriodEnd } from './service';
import { myPastDue } from './subscriptions/past-due';

/** The customer's after-purchase API (D7, D8, D12): the session's workspace's reads and actions, each by the role's permission. */
export function billingRoutes(deps: BillingDeps & { guards: AccessGuards }): FastifyPluginAsyncZod {
  const { config, db, now } = deps;
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, billingApi.dashboard, async (request) =>
      dashboardSummary(db, currentWorkspace(request).workspaceId),
    );

    serve(app, billingApi.summary, async (request) =>
      billingSummary(db, currentWorkspace(request).workspaceId, now()),
    );

    serveBothWays(
      serve,
      app,
      { cancel: billingApi.cancel, resume: billingApi.resume },
      (cancel) => async (request) => {
        await changeCancelAtPeriodEnd(
          deps,
          currentWorkspace(request),
          request.params.orderId,
          cancel,
          request.ip,
        );
        return { cancelAtPeriodEnd: cancel };
      },
    );

    serveBothWays(
      serve,
      app,
      { cancel: billingApi.cancelPanels, resume: billingApi.resumePanels },
      (cancel) => async (request) => ({
        panels: await changePanelsCancel(
          deps,
          currentWorkspace(request),
          request.body.panelIds,
          cancel,
          request.ip,
        ),
      }),
    );

    // Panels joining a subscription's renewal date, charged pro rata.
    await app.register(addPanelsRoutes(deps));
    await app.register(manualAddRoutes(deps));

    serve(app, billingApi.portal, async (request) => ({
      url: await billingPortalUrl(deps, currentWorkspace(request).workspaceId, request.body.orderId),
    }));

    serve(app, billingApi.pastDue, async (request) => ({
      subscriptions: await myPastDue(db, currentWorkspace(request).workspaceId),
    }));

    serve(app, billingApi.payNow, async (request) =>
      payNow(deps, currentWorkspace(request), request.params.orderId, request.ip),
    );

    serve(app, billingApi.refundRequest, async (request) => {
      const created = await askForRefund(
        deps,
        currentWorkspace(request),
        request.params.orderId,
        request.body.reason,
        request.ip,
      );
      return { id: created.id, status: created.status };
    });

    serve(app, billingApi.invoice, async (request, reply) => {
      const { fileName, pdf } = await customerInvoice(
        { db, config },
        currentWorkspace(request).workspaceId,
        request.params.paymentId,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    });
  };
}
