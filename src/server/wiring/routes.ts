import type { FastifyInstance } from 'fastify';
import type { SiteInfo } from '../../domain/site';
import { accountRoutes } from '../account/routes';
import { adminRoutes } from '../admin/routes';
import { alertSettingsRoutes } from '../alerts/routes';
import { bearerGuard, requireKeyPermission, requireScope } from '../api-keys/bearer';
import { apiKeyRoutes } from '../api-keys/routes';
import { v1Routes } from '../api-v1/routes';
import { registerAuthRoutes } from '../auth/routes';
import { sessionGuards } from '../auth/session';
import { adminCreditNoteRoutes, billingProfileRoutes } from '../billing/profile/billing-profile-routes';
import { billingRoutes } from '../billing/routes';
import type { Config } from '../config';
import { contactRoutes } from '../contact/routes';
import { statusRoutes } from '../delivery-record/routes';
import { emailPreferenceRoutes } from '../email-preferences/routes';
import { healthRoutes } from '../health/routes';
import type { AccessGuards } from '../http/access-guards';
import { apiNotFoundBody } from '../http/errors';
import { replyMethodNotAllowed } from '../http/method-not-allowed';
import { orderRoutes } from '../orders/routes';
import { panelRoutes } from '../panels/routes';
import { sandboxRoutes } from '../payment-events/sandbox-routes';
import { verifyRoutes } from '../payment-events/verify-routes';
import { webhookRoutes } from '../payment-events/webhook-routes';
import { createRateLimiter } from '../rate-limit/limiter';
import { replacementRoutes } from '../replacements/routes';
import { siteRoutes } from '../site/routes';
import { withSandboxOffset } from '../site/site-info';
import { seoRoutes } from '../spa/seo-routes';
import { liveSiteData } from '../spa/shell';
import { registerWebApp } from '../spa/static';
import type { WebApp } from '../spa/web-app';
import { webhookEndpointRoutes } from '../webhooks/routes';
import { createWebhookService } from '../webhooks/service';
import { workspaceRoutes } from '../workspaces/routes';
import type { Services } from './services';

/**
 * A worker's port (docs/decisions/0022-web-and-worker-roles.md): the health and readiness
 * probes alone, so an orchestrator can watch it; /metrics is added beside them when configured.
 */
export async function registerProbeRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const guards: AccessGuards = {
    ...sessionGuards(services.resolveSession),
    requireKey: bearerGuard({
      db: services.db,
      limiter: createRateLimiter(services.db, services.realNow),
      now: services.realNow,
    }),
    requireScope,
    requireKeyPermission,
  };
  await app.register(healthRoutes({ db: services.db, guards }));
  app.setNotFoundHandler(
    (request, reply) =>
      replyMethodNotAllowed(app, request, reply) ??
      reply.status(404).send(apiNotFoundBody(request.method, request.url)),
  );
}

/** Every route of the app, the built web app last: it answers whatever no route took. */
export async function registerRoutes(
  app: FastifyInstance,
  options: {
    config: Config;
    services: Services;
    site: SiteInfo;
    /** Awaited only once every API route is in: its pages render in a child process meanwhile. */
    webApp: Promise<WebApp | undefined>;
  },
): Promise<void> {
  const { config, services, site } = options;
  const { db, now, realNow, outbox, payments, providers, providerFor, cipher, webhooks } = services;
  const log = app.log;
  const sandboxClock = services.sandboxClock;

  // Another instance may have moved the sandbox clock: a request reads its offset again when
  // the copy here is over a second old, so what it does and shows is at the shared time.
  if (sandboxClock) app.addHook('onRequest', () => sandboxClock.clock.refreshIfStale());
  // Before the server waits for requests in flight: an advance of many days ends at its step.
  if (sandboxClock) app.addHook('preClose', async () => sandboxClock.stopAdvancing());
  const currentSite = () => withSandboxOffset(site, sandboxClock?.clock.offsetMs());

  app.decorateRequest('session', null);
  app.decorateRequest('apiKey', null);
  registerAuthRoutes(app, {
    config,
    db,
    auth: services.auth,
    limiter: createRateLimiter(db),
    resolveSession: services.resolveSession,
  });

  // Every route's access guard, installed by serve from the endpoint's declared access.
  const guards: AccessGuards = {
    ...sessionGuards(services.resolveSession),
    // Keys and rate limits keep real time: the sandbox clock moves the business rules only.
    requireKey: bearerGuard({ db, limiter: createRateLimiter(db, realNow), now: realNow }),
    requireScope,
    requireKeyPermission,
  };

  await app.register(healthRoutes({ db, guards }));
  await app.register(accountRoutes(db, guards, { db, config, providerFor, outbox, log, now }));
  await app.register(
    emailPreferenceRoutes({
      db,
      links: services.links,
      limiter: createRateLimiter(db),
      rateLimitMultiplier: config.rateLimitMultiplier,
      guards,
    }),
  );
  await app.register(
    orderRoutes({
      config,
      db,
      outbox,
      guards,
      providers,
      manualMethods: config.manualPaymentMethods,
      seller: config.seller,
      now,
      log,
    }),
  );
  await app.register(verifyRoutes({ db, guards, providers, payments }));
  if (services.sandboxSecret) {
    await app.register(sandboxRoutes({ db, guards, secret: services.sandboxSecret, payments, now }));
  }
  await app.register(panelRoutes({ db, guards, cipher }));
  await app.register(replacementRoutes({ db, guards, perPeriod: config.replacementsPerPeriod, now }));
  await app.register(billingRoutes({ config, db, guards, providerFor, now, outbox }));
  await app.register(billingProfileRoutes({ config, db, guards }));
  await app.register(adminCreditNoteRoutes({ config, db, guards }));
  await app.register(alertSettingsRoutes({ db, guards }));
  await app.register(apiKeyRoutes({ db, guards }));
  await app.register(
    v1Routes({
      config,
      db,
      outbox,
      providers,
      providerFor,
      manualMethods: config.manualPaymentMethods,
      seller: config.seller,
      cipher,
      guards,
      now,
      realNow,
      log,
    }),
  );
  await app.register(
    webhookEndpointRoutes({
      guards,
      webhooks: createWebhookService(services.webhookRules),
      limiter: createRateLimiter(db, realNow),
      kick: () => webhooks.kick(),
    }),
  );
  await app.register(
    workspaceRoutes({ db, config, guards, outbox, limiter: createRateLimiter(db, realNow), now: realNow }),
  );
  const { renewals, fulfillment, refunds } = services;
  await app.register(
    adminRoutes({
      db,
      config,
      guards,
      payments,
      renewals,
      fulfillment,
      refunds,
      cipher,
      now,
      outbox,
      sandboxClock,
      sweeps: services.sweepStatus,
    }),
  );
  const { stripe } = services;
  await app.register(
    webhookRoutes({
      guards,
      sandboxSecret: services.sandboxSecret,
      stripe: stripe ? { client: stripe, webhookSecret: config.stripe?.webhookSecret } : null,
      receive: payments.receive,
    }),
  );
  await app.register(siteRoutes({ site: currentSite, guards }));
  await app.register(statusRoutes({ db, now, guards }));
  await app.register(
    contactRoutes({
      db,
      outbox,
      site,
      limiter: createRateLimiter(db),
      rateLimitMultiplier: config.rateLimitMultiplier,
      guards,
    }),
  );
  await app.register(seoRoutes(config.publicUrl));

  const webApp = await options.webApp;
  if (webApp) {
    const live = sandboxClock ? liveSiteData(site, currentSite) : undefined;
    await registerWebApp(app, webApp.root, webApp.shell, webApp.pages, live);
  } else {
    app.setNotFoundHandler(
      (request, reply) =>
        replyMethodNotAllowed(app, request, reply) ??
        reply.status(404).send(apiNotFoundBody(request.method, request.url)),
    );
  }
}
