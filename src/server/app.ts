import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDeletedOrdersSweep } from './account/deleted-orders-sweep';
import { accountRoutes } from './account/routes';
import { adminRoutes } from './admin/routes';
import { alertSettingsRoutes } from './alerts/routes';
import { createAlertSweep } from './alerts/runner';
import { bearerGuard, requireScope } from './api-keys/bearer';
import { apiKeyRoutes } from './api-keys/routes';
import { v1Routes } from './api-v1/routes';
import { createAuth } from './auth/auth';
import { authPaths } from './auth/openapi';
import { registerAuthRoutes } from './auth/routes';
import { createSessionResolver, sessionGuards } from './auth/session';
import { sessionCookieName } from './auth/session-cookie';
import { adminCreditNoteRoutes, billingProfileRoutes } from './billing/billing-profile-routes';
import { documentEmailMessage } from './billing/document-email';
import { createManualRenewals } from './billing/record-renewal';
import { createRefundService } from './billing/refund-service';
import { billingRoutes } from './billing/routes';
import { createSubscriptionRunner } from './billing/subscription-runner';
import type { Config } from './config';
import { contactRoutes } from './contact/routes';
import { createStripeCreditSender } from './credits/stripe-credit';
import { createPanelCipher } from './crypto/panel-password';
import type { DatabaseHandle } from './db/client';
import { statusRoutes } from './delivery-record/routes';
import { createPreferenceLinks } from './email-preferences/links';
import { emailPreferenceRoutes } from './email-preferences/routes';
import { healthRoutes } from './health/routes';
import type { AccessGuards } from './http/access-guards';
import { clientErrorHandler } from './http/client-errors';
import {
  apiNotFoundBody,
  frameworkErrorHandler,
  MAX_PARAM_LENGTH,
  registerErrorHandling,
} from './http/errors';
import { replyMethodNotAllowed } from './http/method-not-allowed';
import { API_DESCRIPTION, openApiTransform, securitySchemes } from './http/openapi';
import { registerOriginCheck } from './http/origin-check';
import { recordRouteTable } from './http/route-table';
import { loggerOptions } from './logger';
import { createMailer, type Mailer } from './mail/send-email';
import { createPendingOrderSweep } from './orders/pending-runner';
import { orderRoutes } from './orders/routes';
import { createOutboxRunner, type OutboxRunner } from './outbox/runner';
import { panelRoutes } from './panels/routes';
import { sandboxRoutes } from './payment-events/sandbox-routes';
import { createPaymentsService } from './payment-events/service';
import { verifyRoutes } from './payment-events/verify-routes';
import { webhookRoutes } from './payment-events/webhook-routes';
import { createManualProvider } from './payments/manual/provider';
import { SANDBOX_SIGNATURE_HEADER, sandboxWebhookSecret } from './payments/sandbox/events';
import { createSandboxProvider } from './payments/sandbox/provider';
import { createStripeClient } from './payments/stripe/client';
import { createStripeProvider } from './payments/stripe/provider';
import { createFulfillmentRunner } from './provisioning/fulfillment-runner';
import { createRateLimiter } from './rate-limit/limiter';
import { replacementRoutes } from './replacements/routes';
import type { Secrets } from './secrets';
import { siteRoutes } from './site/routes';
import { siteInfo } from './site/site-info';
import { loadRenderer, prerenderPages, type Renderer, renderInProcess } from './web/prerender';
import { seoRoutes } from './web/seo-routes';
import { inlineScriptHashes, readShell, registerWebApp } from './web/static';
import { openApiWebhooks } from './webhooks/payloads';
import { webhookEndpointRoutes } from './webhooks/routes';
import { createWebhookRunner, type WebhookRunner } from './webhooks/runner';
import { createWebhookService } from './webhooks/service';
import type { LookupAll } from './webhooks/url-guard';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's delivery sweep; tests drain it before reading what was sent. */
    outbox: OutboxRunner;
    /** The webhook delivery sweep; tests run it instead of waiting for its timer. */
    webhooks: WebhookRunner;
  }
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /**
   * The mail transport: defaults to SMTP or the .eml folder per config; tests pass one that
   * records. The outbox sweep sends through it.
   */
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: { write(line: string): void };
  /** The time source of every rule with a date in it; tests pass a controlled clock. */
  clock?: () => Date;
  /** Folder of the built web app; omitted when only the API is wanted (tests, dev). */
  webRoot?: string;
  /** Prerenders the public pages; defaults to the SSR build beside webRoot (dist/server-render). */
  renderer?: Renderer;
  /** Resolves webhook destinations (the system resolver by default); tests answer from a table. */
  webhookLookup?: LookupAll;
}

/**
 * Fastify refuses hop counts (it cannot tell a proxy from a direct client), so a count
 * becomes the usual rule: believe the last N hops. Only for servers that the proxy alone
 * can reach; README says so.
 */
function trustProxyFunction(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config, deps.logDestination),
    trustProxy: trustProxyFunction(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Longer path parameters (ids, session ids) are refused with 414 before any route runs.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's refusals (414, a malformed %-escape) in the one error shape (D14).
    frameworkErrors: frameworkErrorHandler,
    // Node's parser refusals (431 for an over-long URL or headers) in the one error shape too.
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  recordRouteTable(app);

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const site = siteInfo(config);
  const shell = deps.webRoot ? readShell(deps.webRoot, site) : undefined;
  const renderAll = deps.renderer
    ? renderInProcess(deps.renderer)
    : deps.webRoot && loadRenderer(deps.webRoot);
  const pages =
    shell && renderAll
      ? await prerenderPages({ renderAll, shell, site, publicUrl: config.publicUrl })
      : undefined;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(shell ? inlineScriptHashes(shell) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.brand.name} API`, version: '1.0.0', description: API_DESCRIPTION },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: securitySchemes({
          sessionCookie: sessionCookieName(config.isProduction),
          sandboxSignatureHeader: SANDBOX_SIGNATURE_HEADER,
        }),
      },
    },
    // Each operation's security, refusals and example come from its declaration (D14).
    transform: openApiTransform,
  });
  // With what customers' webhook endpoints receive (docs/decisions/0012-webhooks.md), and the
  // auth endpoints, which one wildcard route serves.
  const webhookDocs = openApiWebhooks();
  const authDocs = authPaths();
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    const document = app.swagger();
    return { ...document, paths: { ...document.paths, ...authDocs }, webhooks: webhookDocs };
  });

  registerOriginCheck(app, config.publicUrl);

  const db = database.db;
  // Every e-mail goes through the outbox, which adds each one's preference link as it sends.
  const links = createPreferenceLinks(config.publicUrl, deps.secrets.sessionSecret);
  const stripe = config.stripe ? await createStripeClient(config.stripe) : null;
  const outbox = createOutboxRunner({
    config,
    db,
    mailer,
    links,
    log: app.log,
    stripeCredit: stripe ? createStripeCreditSender(db, stripe) : undefined,
    documentEmail: (payload) => documentEmailMessage({ db, config }, payload),
  });
  app.decorate('outbox', outbox);
  const auth = createAuth({ config, db, secrets: deps.secrets, outbox, log: app.log });
  const resolveSession = createSessionResolver({
    db,
    secret: deps.secrets.sessionSecret,
    secureCookies: config.isProduction,
  });
  app.decorateRequest('session', null);
  app.decorateRequest('apiKey', null);
  registerAuthRoutes(app, { config, db, auth, limiter: createRateLimiter(db), resolveSession });

  const now = deps.clock ?? (() => new Date());
  // Every route's access guard, installed by serve from the endpoint's declared access.
  const guards: AccessGuards = {
    ...sessionGuards(resolveSession),
    requireKey: bearerGuard({ db, limiter: createRateLimiter(db, now), now }),
    requireScope,
  };
  const fulfillment = createFulfillmentRunner({ config, db, outbox, log: app.log, now });
  const payments = createPaymentsService({
    config,
    db,
    outbox,
    fulfillment,
    log: app.log,
    now,
    // Called only after an event, by which time `refunds` (below, it needs the providers) exists.
    afterProviderRefund: (effect) => refunds.afterProviderRefund(effect),
  });
  const providers = {
    card: stripe
      ? createStripeProvider(stripe, config.publicUrl)
      : config.cardProvider === 'sandbox'
        ? createSandboxProvider(db)
        : null,
    manual: createManualProvider(db),
  };
  const sandboxSecret =
    config.cardProvider === 'sandbox' ? sandboxWebhookSecret(deps.secrets.sessionSecret) : null;
  const providerFor = (name: string) =>
    [providers.card, providers.manual].find((p) => p?.name === name) ?? null;
  const subscriptions = createSubscriptionRunner({ config, db, outbox, log: app.log, now });
  const deletedOrders = createDeletedOrdersSweep({ db, providerFor, log: app.log, now });
  const pendingOrders = createPendingOrderSweep({ config, db, outbox, providerFor, log: app.log, now });
  const renewals = createManualRenewals({ config, db, outbox, now });
  const refunds = createRefundService({ db, providerFor, now, config, outbox, log: app.log });
  const alerts = createAlertSweep({ config, db, outbox, log: app.log, now });
  const cipher = createPanelCipher(deps.secrets.panelSecretKey);
  // Webhook secrets are encrypted with the panel-password key (docs/decisions/0012-webhooks.md).
  const webhookRules = {
    db,
    cipher,
    production: config.isProduction,
    ...(deps.webhookLookup ? { lookup: deps.webhookLookup } : {}),
    now,
  };
  const webhooks = createWebhookRunner({
    ...webhookRules,
    log: app.log,
    site: { brandName: config.brand.name, publicUrl: config.publicUrl },
    kickMail: () => outbox.kick(),
  });
  app.decorate('webhooks', webhooks);
  // Finishes any allocation, renewal or delivery a crash or restart interrupted, then keeps
  // sweeping. The outbox ticks often: its first retry comes 10 s after a failure.
  app.addHook('onReady', async () => {
    fulfillment.start(60_000);
    subscriptions.start(5 * 60_000);
    deletedOrders.start(5 * 60_000);
    pendingOrders.start(5 * 60_000);
    alerts.start(60_000);
    webhooks.start(5_000);
    outbox.start(5_000);
  });
  // Shutdown waits for the work in hand, not for queues: side by side, so the waits do not
  // add up (the webhook sends in flight may take their whole 10 s).
  app.addHook('onClose', async () => {
    await Promise.all([
      fulfillment.stop(),
      subscriptions.stop(),
      deletedOrders.stop(),
      pendingOrders.stop(),
      alerts.stop(),
      webhooks.stop(),
    ]);
    // Last: the sweeps above may still have queued mail.
    await outbox.stop();
  });

  await app.register(healthRoutes({ db, guards }));
  await app.register(accountRoutes(db, guards, { db, config, providerFor, outbox, log: app.log, now }));
  await app.register(
    emailPreferenceRoutes({
      db,
      links,
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
      log: app.log,
    }),
  );
  await app.register(verifyRoutes({ db, guards, providers, payments }));
  if (sandboxSecret) {
    await app.register(sandboxRoutes({ db, guards, secret: sandboxSecret, payments, now }));
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
      log: app.log,
    }),
  );
  await app.register(
    webhookEndpointRoutes({
      guards,
      webhooks: createWebhookService(webhookRules),
      limiter: createRateLimiter(db, now),
      kick: () => webhooks.kick(),
    }),
  );
  await app.register(
    adminRoutes({ db, config, guards, payments, renewals, fulfillment, refunds, cipher, now }),
  );
  await app.register(
    webhookRoutes({
      guards,
      sandboxSecret,
      stripe: stripe ? { client: stripe, webhookSecret: config.stripe?.webhookSecret } : null,
      handleEvent: payments.handleEvent,
    }),
  );
  await app.register(siteRoutes({ site, guards }));
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

  if (deps.webRoot && shell) {
    await registerWebApp(app, deps.webRoot, shell, pages);
  } else {
    app.setNotFoundHandler(
      (request, reply) =>
        replyMethodNotAllowed(app, request, reply) ??
        reply.status(404).send(apiNotFoundBody(request.method, request.url)),
    );
  }
  return app;
}
