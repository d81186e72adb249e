import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PasswordHasher } from './auth/password-hasher';
import { listenForSessionChanges } from './auth/session-cache';
import type { Config } from './config';
import type { ChannelListener } from './db/channel-listener';
import type { DatabaseHandle } from './db/client';
import type { Mailer } from './mail/send-email';
import { registerMetricsRoute } from './metrics/metrics-route';
import { createMetrics } from './metrics/registry';
import type { OutboxRunner } from './outbox/runner';
import type { PaymentEventRunner } from './payment-events/event-runner';
import { createRateLimiter } from './rate-limit/limiter';
import type { Secrets } from './secrets';
import { siteInfo } from './site/site-info';
import type { Renderer } from './spa/prerender';
import { readShell } from './spa/shell';
import type { WebApp } from './spa/web-app';
import { startTracing } from './telemetry/tracing';
import type { WebhookRunner } from './webhooks/runner';
import type { LookupAll } from './webhooks/url-guard';
import { createHttpApp } from './wiring/http';
import { registerProbeRoutes, registerRoutes } from './wiring/routes';
import { createServices } from './wiring/services';
import { runSweeps, sweepsOf } from './wiring/sweeps';
import { loadWebAppFor, servedWebRoot } from './wiring/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's delivery sweep; tests drain it before reading what was sent. */
    outbox: OutboxRunner;
    /** The webhook delivery sweep; tests run it instead of waiting for its timer. */
    webhooks: WebhookRunner;
    /** The workers' rounds over recorded provider events; tests run it after posting one. */
    paymentEvents: PaymentEventRunner;
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
  /** The web app from `loadWebAppFor`, when the caller started it earlier (main.ts, before the database). */
  webApp?: Promise<WebApp | undefined>;
  /** Resolves webhook destinations (the system resolver by default); tests answer from a table. */
  webhookLookup?: LookupAll;
  /** The library's scrypt by default; the test suite passes a cheap one (testing/password-hasher.ts). */
  passwordHasher?: PasswordHasher;
  /**
   * How long after ready the sweeps take their first round (wiring/sweeps.ts). The suite's apps
   * take it at ready, so a test that reads the database after ready knows it has been.
   */
  firstSweepRoundsAfterMs?: number;
}

/**
 * The whole server, built without listening. HTTP comes before the routes because the
 * request checks and the OpenAPI document must be in place when a route is added; the web
 * app's shell comes first of all, as the content security policy allows its inline scripts.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Before the logger, whose lines carry the trace ids; without OTEL_EXPORTER_OTLP_ENDPOINT it
  // loads nothing (docs/operations.md, 'Traces and logs').
  let log: FastifyBaseLogger | undefined;
  const tracing = await startTracing(config, {
    onExportFailure: (reason) => log?.warn({ reason }, 'traces could not be sent'),
  });
  const site = siteInfo(config);
  const webRoot = servedWebRoot(config, deps.webRoot);
  const webAppLoading = deps.webApp ?? loadWebAppFor(config, deps);
  // Without a token nothing is measured: there would be no one to tell (docs/decisions/0020-metrics.md).
  const metrics = config.metricsToken ? createMetrics() : null;
  const app = await createHttpApp({
    config,
    logDestination: deps.logDestination,
    shell: webRoot ? readShell(webRoot, site) : undefined,
    requestDurations: metrics?.requestDurations,
    tracing,
  });
  log = app.log;
  // A lost connection fails only the statement on it; the pool connects anew (db/client.ts).
  const stopReporting = deps.database.reportLostConnections((err) =>
    app.log.warn({ err }, 'lost a connection to the database; the statement on it failed'),
  );
  app.addHook('onClose', async () => stopReporting());
  if (tracing.enabled) {
    const driver = deps.database.driver.kind;
    deps.database.observeQueries((statement, run) => tracing.traceQuery(statement, driver, run));
  }
  // Hooks on close run last-added first: added before the sweeps', this runs after them, so
  // their last spans are sent too.
  app.addHook('onClose', async () => {
    if (tracing.enabled) deps.database.observeQueries(null);
    await tracing.shutdown();
  });
  const services = await createServices({
    ...deps,
    tracing,
    log: app.log,
    onWebhookAttempts: metrics?.webhookDeliveries.count,
  });
  const { sessionCache } = services;
  const { driver } = deps.database;
  if (sessionCache && driver.kind === 'postgres') {
    // From ready, as the sweeps: an app that fails to build leaves no connection open. Until it
    // listens nothing is kept, so every request reads its session.
    let listener: ChannelListener | undefined;
    app.addHook('onReady', async () => {
      listener = listenForSessionChanges({ url: driver.url, cache: sessionCache, log: app.log });
    });
    app.addHook('onClose', async () => listener?.stop());
  }
  app.decorate('outbox', services.outbox);
  app.decorate('paymentEvents', services.paymentEvents);
  app.decorate('webhooks', services.webhooks);
  if (config.role === 'web') {
    const { wakeup } = services;
    if (wakeup) app.addHook('onClose', () => wakeup.stop());
  } else {
    runSweeps(app, sweepsOf(services), {
      beforeRound: services.sandboxClock?.clock.refresh,
      firstRoundsAfterMs: deps.firstSweepRoundsAfterMs,
      // Web processes wake whoever runs the sweeps; on the embedded database there are none.
      wakeups:
        config.database.kind === 'postgres'
          ? {
              url: config.database.url,
              wake: () => {
                services.paymentEvents.kick();
                services.outbox.kick();
                services.webhooks.kick();
              },
            }
          : undefined,
    });
  }
  if (metrics && config.metricsToken) {
    registerMetricsRoute(app, metrics, {
      token: config.metricsToken,
      database: deps.database,
      sweeps: services.sweepStatus.list,
      limiter: createRateLimiter(deps.database.db),
      rateLimitMultiplier: config.rateLimitMultiplier,
    });
  }
  if (config.role === 'worker') await registerProbeRoutes(app, services);
  else await registerRoutes(app, { config, services, site, webApp: webAppLoading });
  return app;
}
