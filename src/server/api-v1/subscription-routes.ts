import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1WriteApi } from '../../domain/api/v1';
import { currentKeyHolder, keyActor } from '../api-keys/bearer';
import { changePanelsCancel } from '../billing/panels/panel-billing';
import { subscriptionsOf } from '../billing/queries';
import { type BillingDeps, changeCancelAtPeriodEnd } from '../billing/service';
import type { AccessGuards } from '../http/access-guards';
import { notFound } from '../http/errors';
import { serveBothWays, serving } from '../http/serve';
import { ownedPanel } from '../panels/service';

/**
 * Cancel at period end and resume, of a subscription or of one panel, for read_write keys only: the billing page's own service
 * function (D8), so the same refusals hold (another customer's order 404, a subscription not
 * active 409) and the same audit entry is written, with the key's id. Both are idempotent by
 * nature: cancelling twice leaves it cancelled.
 */
export function v1SubscriptionWriteRoutes(
  deps: BillingDeps & { guards: AccessGuards },
): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serveBothWays(
      serve,
      app,
      { cancel: v1WriteApi.cancelSubscription, resume: v1WriteApi.resumeSubscription },
      (cancel) => async (request) => {
        const holder = currentKeyHolder(request);
        const { orderId } = request.params;
        await changeCancelAtPeriodEnd(deps, keyActor(request), orderId, cancel, request.ip, {
          apiKeyId: holder.keyId,
        });
        // The list's own query, one row from this order down, so the shape is the list's.
        const [subscription] = await subscriptionsOf(deps.db, holder.workspaceId, deps.now(), {
          before: orderId + 1,
          limit: 1,
        });
        if (subscription?.orderId !== orderId) throw notFound('No such subscription.');
        return subscription;
      },
    );

    // One panel at a time, through the same service as the dashboard's selection (D8,
    // docs/decisions/0017): the same refusals, and the audit entry names the key.
    serveBothWays(
      serve,
      app,
      { cancel: v1WriteApi.cancelPanel, resume: v1WriteApi.resumePanel },
      (cancel) => async (request) => {
        const holder = currentKeyHolder(request);
        const { panelId } = request.params;
        await changePanelsCancel(deps, keyActor(request), [panelId], cancel, request.ip, {
          apiKeyId: holder.keyId,
        });
        const panel = await ownedPanel(deps.db, holder.workspaceId, panelId);
        if (!panel) throw notFound('No such panel.');
        return panel;
      },
    );
  };
}
