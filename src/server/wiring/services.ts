import type { FastifyBaseLogger } from 'fastify';
import { createDeletedOrdersSweep } from '../account/deleted-orders-sweep';
import { createAlertSweep } from '../alerts/runner';
import { createAuth } from '../auth/auth';
import { libraryPasswordHasher, type PasswordHasher } from '../auth/password-hasher';
import { createSessionResolver } from '../auth/session';
import { documentEmailMessage } from '../billing/invoices/document-emails';
import { createStripeQuantitySender } from '../billing/panels/stripe-quantity';
import { createRefundService } from '../billing/refunds/refund-service';
import { createManualRenewals } from '../billing/subscriptions/record-renewal';
import { createSubscriptionRunner } from '../billing/subscriptions/subscription-runner';
import type { Config } from '../config';
import { createStripeCreditSender } from '../credits/stripe-credit';
import { createPanelCipher } from '../crypto/panel-password';
import type { DatabaseHandle } from '../db/client';
import { createPreferenceLinks } from '../email-preferences/links';
import { createMailer, type Mailer } from '../mail/send-email';
import { createPendingOrderSweep } from '../orders/pending-runner';
import { createOutboxRunner } from '../outbox/runner';
import { createPaymentsService } from '../payment-events/service';
import { createManualProvider } from '../payments/manual/provider';
import { sandboxWebhookSecret } from '../payments/sandbox/events';
import { createSandboxProvider } from '../payments/sandbox/provider';
import { createStripeClient } from '../payments/stripe/client';
import { createStripeProvider } from '../payments/stripe/provider';
import { createFulfillmentRunner } from '../provisioning/fulfillment-runner';
import type { Secrets } from '../secrets';
import { createWebhookRunner } from '../webhooks/runner';
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
  const outbox = createOutboxRunner({
    config,
    db,
    mailer,
    links,
    log,
    stripeCredit: stripe ? createStripeCreditSender(db, stripe) : undefined,
    stripeQuantity: stripe ? createStripeQuantitySender(db, stripe) : undefined,
    documentEmail: (payload) => documentEmailMessage({ db, config }, payload),
  });
  const auth = createAuth({
    config,
    db,
    secrets: deps.secrets,
    outbox,
    log,
    passwordHasher: deps.passwordHasher ?? libraryPasswordHasher,
  });
  const resolveSession = createSessionResolver({
    db,
    secret: deps.secrets.sessionSecret,
    secureCookies: config.isProduction,
  });

  const now = deps.clock ?? (() => new Date());
  const fulfillment = createFulfillmentRunner({ config, db, outbox, log, now });
  const payments = createPaymentsService({
    config,
    db,
    outbox,
    fulfillment,
    log,
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
  const subscriptions = createSubscriptionRunner({ config, db, outbox, log, now });
  const deletedOrders = createDeletedOrdersSweep({ db, providerFor, log, now });
  const pendingOrders = createPendingOrderSweep({ config, db, outbox, providerFor, log, now });
  const renewals = createManualRenewals({ config, db, outbox, now });
  const refunds = createRefundService({ db, providerFor, now, config, outbox, log });
  const alerts = createAlertSweep({ config, db, outbox, log, now });
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
    log,
    site: { brandName: config.brand.name, publicUrl: config.publicUrl },
    kickMail: () => outbox.kick(),
  });

  return {
    db,
    now,
    links,
    stripe,
    outbox,
    auth,
    resolveSession,
    fulfillment,
    payments,
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
  };
}
