import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountRoutes } from './account/routes';
import { adminRoutes } from './admin/routes';
import { createAuth } from './auth/auth';
import { registerAuthRoutes } from './auth/routes';
import { createSessionResolver, sessionGuards } from './auth/session';
import { adminRefundRoutes } from './billing/admin-refund-routes';
import { createRefundService } from './billing/refund-service';
import { billingRoutes } from './billing/routes';
import { createSubscriptionRunner } from './billing/subscription-runner';
import type { Config } from './config';
import { contactRoutes } from './contact/routes';
import { createPanelCipher } from './crypto/panel-password';
import type { DatabaseHandle } from './db/client';
import { healthRoutes } from './health/routes';
import { apiNotFoundBody, registerErrorHandling } from './http/errors';
import { registerOriginCheck } from './http/origin-check';
import { loggerOptions } from './logger';
import { createMailer, type Mailer } from './mail/send-email';
import { orderRoutes } from './orders/routes';
import { createManualProvider } from './payments/manual/provider';
import { createPaymentsService } from './payments/payments-service';
import { sandboxWebhookSecret } from './payments/sandbox/events';
import { createSandboxProvider } from './payments/sandbox/provider';
import { sandboxRoutes } from './payments/sandbox/routes';
import { createStripeClient } from './payments/stripe/client';
import { createStripeProvider } from './payments/stripe/provider';
import { verifyRoutes } from './payments/verify-routes';
import { webhookRoutes } from './payments/webhook-routes';
import { createFulfillmentRunner } from './provisioning/fulfillment-runner';
import { createRateLimiter } from './rate-limit/limiter';
import type { Secrets } from './secrets';
import { siteRoutes } from './site/routes';
import { siteInfo } from './site/site-info';
import { loadRenderer, prerenderPages, type Renderer } from './web/prerender';
import { seoRoutes } from './web/seo-routes';
import { inlineScriptHashes, readShell, registerWebApp } from './web/static';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Defaults to SMTP or the local outbox per config; tests pass one that records. */
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: { write(line: string): void };
  /** The time source of every rule with a date in it; tests pass a controlled clock. */
  clock?: () => Date;
  /** Folder of the built web app; omitted when only the API is wanted (tests, dev). */
  webRoot?: string;
  /** Prerenders the public pages; defaults to the SSR build beside webRoot (dist/server-render). */
  renderer?: Renderer;
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const site = siteInfo(config);
  const shell = deps.webRoot ? readShell(deps.webRoot, site) : undefined;
  const renderer = deps.webRoot ? (deps.renderer ?? (await loadRenderer(deps.webRoot))) : undefined;
  const pages =
    shell && renderer
      ? await prerenderPages({ renderer, shell, site, publicUrl: config.publicUrl })
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
      info: { title: `${config.brand.name} API`, version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerOriginCheck(app, config.publicUrl);

  const auth = createAuth({ config, db: database.db, secrets: deps.secrets, mailer, log: app.log });
  const resolveSession = createSessionResolver(auth, database.db);
  const guards = sessionGuards(resolveSession);
  app.decorateRequest('session', null);
  const db = database.db;
  registerAuthRoutes(app, { config, db, auth, limiter: createRateLimiter(db), resolveSession });

  const now = deps.clock ?? (() => new Date());
  const fulfillment = createFulfillmentRunner({ config, db, mailer, log: app.log, now });
  const payments = createPaymentsService({ config, db, mailer, fulfillment, log: app.log, now });
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
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
  const subscriptions = createSubscriptionRunner({ config, db, mailer, log: app.log, now });
  const refunds = createRefundService({ db, providerFor, now, config, mailer, log: app.log });
  const cipher = createPanelCipher(deps.secrets.panelSecretKey);
  // Finishes any allocation or renewal a crash or restart interrupted, then keeps sweeping.
  app.addHook('onReady', async () => {
    fulfillment.start(60_000);
    subscriptions.start(5 * 60_000);
  });
  app.addHook('onClose', async () => {
    await fulfillment.stop();
    await subscriptions.stop();
  });

  await app.register(healthRoutes(db));
  await app.register(accountRoutes(db, guards));
  await app.register(
    orderRoutes({
      config,
      db,
      mailer,
      guards,
      providers,
      manualMethods: config.manualPaymentMethods,
      now,
      log: app.log,
    }),
  );
  await app.register(verifyRoutes({ db, guards, providers, payments }));
  if (sandboxSecret) {
    await app.register(
      sandboxRoutes({ db, guards, secret: sandboxSecret, handleEvent: payments.handleEvent, now }),
    );
  }
  await app.register(billingRoutes({ config, db, guards, cipher, providerFor, now }));
  await app.register(adminRefundRoutes({ db, guards, refunds }));
  await app.register(adminRoutes({ db, guards, payments, fulfillment, cipher, now }));
  await app.register(
    webhookRoutes({
      sandboxSecret,
      stripe: stripe ? { client: stripe, webhookSecret: config.stripe?.webhookSecret } : null,
      handleEvent: payments.handleEvent,
    }),
  );
  await app.register(siteRoutes(site));
  await app.register(
    contactRoutes({
      mailer,
      site,
      limiter: createRateLimiter(db),
      rateLimitMultiplier: config.rateLimitMultiplier,
    }),
  );
  await app.register(seoRoutes(config.publicUrl));

  if (deps.webRoot && shell) {
    await registerWebApp(app, deps.webRoot, shell, pages);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(apiNotFoundBody(request.method, request.url)),
    );
  }
  return app;
}
