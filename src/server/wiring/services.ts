import type { FastifyBaseLogger } from 'fastify';
import { createAuth } from '../auth/auth';
import { libraryPasswordHasher, type PasswordHasher } from '../auth/password-hasher';
import { createSessionResolver } from '../auth/session';
import { createSessionCache, type SessionCache } from '../auth/session-cache';
import { createStripeQuantityDelivery } from '../billing/add-panels/stripe-add';
import { documentEmailMessage } from '../billing/invoices/document-emails';
import { createRefundService } from '../billing/refunds/refund-service';
import { createManualRenewals } from '../billing/subscriptions/record-renewal';
import { advanceClock, type ClockActor } from '../clock/advance';
import { createSandboxClock } from '../clock/business-clock';
import { createTimeDrivenSweeps, stepOrder } from '../clock/time-driven';
import type { Config } from '../config';
import { createStripeCreditSender } from '../credits/stripe-credit';
import { createPanelCipher } from '../crypto/panel-password';
import type { DatabaseHandle } from '../db/client';
import { embeddedWriteCount } from '../db/read-memo';
import { createPreferenceLinks } from '../email-preferences/links';
import { createSweepStatus } from '../jobs/sweep-status';
import { createWakeupSender } from '../jobs/wakeup';
import { createMailer, type Mailer } from '../mail/send-email';
import { createOutboxRunner } from '../outbox/runner';
import { createPaymentsService } from '../payment-events/service';
import { createManualProvider } from '../payments/manual/provider';
import { sandboxWebhookSecret } from '../payments/sandbox/events';
import { createSandboxProvider } from '../payments/sandbox/provider';
import { createStripeClient } from '../payments/stripe/client';
import { createStripeProvider } from '../payments/stripe/provider';
import type { Secrets } from '../secrets';
import { tracedSweeps } from '../telemetry/traced-sweeps';
import type { Tracing } from '../telemetry/tracing';
import { createWebhookRunner } from '../webhooks/runner';
import type { WebhookAttempt } from '../webhooks/sweep';
import type { LookupAll } from '../webhooks/url-guard';

/** What the services are made of: AppDeps less what only HTTP and the web app use. */
export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  mailer?: Mailer | undefined;
  clock?: (() => Date) | undefined;
  webhookLookup?: LookupAll | undefined;
  passwordHasher?: PasswordHasher | undefined;
  log: FastifyBaseLogger;
  /** Spans for the sweeps' rounds and the outbox's batches, when tracing is on. */
  tracing?: Tracing | undefined;
  /** Hears every webhook attempt's outcome (the metrics count them when they are served). */
  onWebhookAttempts?: ((attempts: readonly WebhookAttempt[]) => void) | undefined;
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/** Every service, runner and payment provider of one app instance, wired to one another. */
export async function createServices(deps: ServiceDeps) {
  const { config, database, log } = deps;
  const db = database.db;
  const mailer = deps.mailer ?? createMailer(config, log);
  // Every e-mail goes through the outbox, which adds each one's preference link as it sends.
  const links = createPreferenceLinks(config.publicUrl, deps.secrets.sessionSecret);
  const stripe = config.stripe ? await createStripeClient(config.stripe) : null;
  // How each sweep's rounds went in this process, for whoever watches the workers.
  const sweepStatus = createSweepStatus();
  // A web process's only rounds are the allocations its requests run: reported, they would
  // look like a fulfillment sweep stalled whenever nobody paid for a while.
  const sweepObserver = config.role === 'web' ? undefined : tracedSweeps(sweepStatus, deps.tracing);
  // A web process runs no sweep (docs/decisions/0022-web-and-worker-roles.md): what it queues
  // is sent by a worker, which its kicks wake through PostgreSQL instead.
  const wakeup = config.role === 'web' ? createWakeupSender(db, log) : null;
  const outboxRunner = createOutboxRunner({
    config,
    db,
    mailer,
    links,
    log,
    stripeCredit: stripe ? createStripeCreditSender(db, stripe) : undefined,
    stripeQuantity: stripe ? createStripeQuantityDelivery(db, stripe) : undefined,
    documentEmail: (payload) => documentEmailMessage({ db, config }, payload),
    sweepObserver,
    tracing: deps.tracing,
  });
  const outbox = wakeup ? { ...outboxRunner, kick: wakeup.wake } : outboxRunner;
  const auth = createAuth({
    config,
    db,
    secrets: deps.secrets,
    outbox,
    log,
    passwordHasher: deps.passwordHasher ?? libraryPasswordHasher,
  });
  const sessionCache = config.role === 'worker' ? undefined : sessionCacheFor(database);
  const resolveSession = createSessionResolver({
    db,
    secret: deps.secrets.sessionSecret,
    secureCookies: config.isProduction,
    cache: sessionCache,
  });

  // Real time, or a test's clock: what API keys, rate limits and idempotency keys keep, as the
  // sessions and sign-in codes do (they read the system clock themselves).
  const realNow = deps.clock ?? (() => new Date());
  // The business time every rule with a date in it reads. On the sandbox it runs ahead of real
  // time by the sandbox clock's offset (docs/decisions/0016-sandbox-clock.md).
  const sandboxClock =
    config.cardProvider === 'sandbox' ? createSandboxClock({ db, base: realNow, log }) : null;
  const now = sandboxClock?.now ?? realNow;
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
  const timeDriven = createTimeDrivenSweeps({
    config,
    db,
    outbox,
    log,
    now,
    providerFor,
    sweepObserver,
  });
  const { fulfillment, subscriptions, deletedOrders, pendingOrders, alerts } = timeDriven;
  const payments = createPaymentsService({
    config,
    db,
    outbox,
    fulfillment,
    log,
    now,
    // Called only after an event, by which time `refunds` (below, it needs the providers) exists.
    afterProviderRefund: (effect) => refunds.afterProviderRefund(effect),
    // A web process records provider events and wakes the workers, which apply them.
    wakeWorkers: wakeup?.wake,
    sweepObserver,
  });
  const renewals = createManualRenewals({ config, db, outbox, now });
  const refunds = createRefundService({ db, providerFor, now, config, outbox, log });
  const cipher = createPanelCipher(deps.secrets.panelSecretKey);
  // Webhook secrets are encrypted with the panel-password key (docs/decisions/0012-webhooks.md).
  const webhookRules = {
    db,
    cipher,
    production: config.isProduction,
    ...(deps.webhookLookup ? { lookup: deps.webhookLookup } : {}),
    now,
  };
  const webhookRunner = createWebhookRunner({
    ...webhookRules,
    log,
    site: { brandName: config.brand.name, publicUrl: config.publicUrl },
    kickMail: () => outbox.kick(),
    sweepObserver,
    onAttempts: deps.onWebhookAttempts,
  });
  const webhooks = wakeup ? { ...webhookRunner, kick: wakeup.wake } : webhookRunner;

  let closing = false;
  const sandbox = sandboxClock && {
    clock: sandboxClock,
    stopAdvancing: () => {
      closing = true;
    },
    advance: (input: { days: number; actor: ClockActor }) =>
      advanceClock(
        {
          database: deps.database,
          clock: sandboxClock,
          sweeps: stepOrder(timeDriven),
          afterStep: () => {
            webhooks.kick();
            outbox.kick();
          },
          stopping: () => closing,
        },
        input,
      ),
  };

  return {
    db,
    now,
    realNow,
    sandboxClock: sandbox,
    links,
    stripe,
    outbox,
    auth,
    resolveSession,
    sessionCache,
    fulfillment,
    payments,
    paymentEvents: payments.events,
    providers,
    providerFor,
    sandboxSecret,
    subscriptions,
    deletedOrders,
    pendingOrders,
    renewals,
    refunds,
    alerts,
    cipher,
    webhookRules,
    webhooks,
    sweepStatus,
    wakeup,
  };
}

/**
 * Where signed-in requests keep their sessions (auth/session-cache.ts); a worker serves none.
 * On PostgreSQL what other processes change is heard once the app listens (app.ts). The
 * embedded database only this process can open: its own write count is every change, and there
 * is nothing else to hear.
 */
function sessionCacheFor(database: DatabaseHandle): SessionCache | undefined {
  if (database.driver.kind === 'postgres') return createSessionCache();
  const writes = embeddedWriteCount(database.db);
  if (!writes) return undefined;
  const cache = createSessionCache({ localWrites: writes });
  cache.setListening(true);
  return cache;
}
