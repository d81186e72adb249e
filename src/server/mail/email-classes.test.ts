import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EmailClass } from '../../domain/email-preferences';
import { accountDeletedMessage } from '../account/deletion-emails';
import {
  deliveryDueAlert,
  manualOrderAlert,
  paidAfterEndAlert,
  refundRequestedAlert,
  renewalFailedAlert,
  stockShortAlert,
  stripeSyncFailedAlert,
} from '../alerts/alert-emails';
import {
  addressProvenMessage,
  passwordResetMessage,
  signInCodeMessage,
  verifyEmailMessage,
} from '../auth/auth-emails';
import { panelsAddedMessage } from '../billing/add-panels/add-panels-emails';
import {
  panelAdditionInvoiceMessage,
  panelAdditionPaidMessage,
} from '../billing/add-panels/manual-add-emails';
import { creditNoteEmailContent, invoiceEmailContent } from '../billing/invoices/document-emails';
import { panelsExpiredMessage } from '../billing/panels/panel-billing-emails';
import { refundDecisionMessage } from '../billing/refunds/refund-emails';
import { renewalReminderMessage, retryDeclinedMessage } from '../billing/subscriptions/dunning-emails';
import {
  expiredMessage,
  pastDueMessage,
  renewalMessage,
  renewalReceivedMessage,
} from '../billing/subscriptions/subscription-emails';
import { contactEmail } from '../contact/contact-emails';
import {
  paymentReminderMessage,
  renewalInvoiceMessage,
  unpaidOrderCanceledMessage,
} from '../payments/manual/manual-payment-emails';
import { lateDeliveryMessage } from '../provisioning/late-delivery-emails';
import {
  orderConfirmationMessage,
  panelsReadyMessage,
  paymentInstructionsMessage,
} from '../provisioning/order-emails';
import { panelReplacedMessage, replacementRejectedMessage } from '../replacements/replacement-emails';
import { testConfig } from '../testing/test-config';
import { endpointDisabledMessage } from '../webhooks/webhook-disabled-emails';
import { invitationMessage } from '../workspaces/invitation-emails';

/*
 * Every e-mail the product writes has a class (docs/decisions/0008-email-classes-and-operator-alerts.md),
 * and it is the right one: account mail can never be turned off, order mail follows 'Order
 * Updates', operator mail goes to the people running the shop. A builder added anywhere
 * without an entry here fails the second test; one in a file not named `<topic>-emails.ts`
 * fails the builder-file tests below.
 */
const config = testConfig();
const at = new Date('2026-03-01T12:00:00Z');
const order = { id: 7, planId: 'basic', quantity: 1, totalCents: 50_000, createdAt: at };
const manual = { id: 7, totalCents: 50_000, method: 'bank_transfer' as const };
const addition = {
  orderId: 7,
  panels: 2,
  amountCents: 60_000,
  daysLeft: 20,
  periodDays: 30,
  renewsAt: at,
  renewalCents: 230_000,
  method: 'bank_transfer' as const,
  reference: 'ORDER-7-ADD-1',
};
const summary = { ended: [7], endPending: [], refunded: [], refundPending: [], refundByHand: [] };

const BUILDERS: Record<string, [EmailClass, () => { emailClass: EmailClass }]> = {
  'auth/auth-emails.ts verifyEmailMessage': [
    'account',
    () => verifyEmailMessage(config, 'Ann', 'https://x.test/v'),
  ],
  'auth/auth-emails.ts signInCodeMessage': ['account', () => signInCodeMessage(config, '123456')],
  'billing/add-panels/add-panels-emails.ts panelsAddedMessage': [
    'order',
    () =>
      panelsAddedMessage(config, {
        orderId: 7,
        panels: 2,
        chargedCents: 60_000,
        daysLeft: 20,
        periodDays: 30,
        renewsAt: at,
        renewalCents: 230_000,
      }),
  ],
  'billing/add-panels/manual-add-emails.ts panelAdditionInvoiceMessage': [
    'order',
    () => panelAdditionInvoiceMessage(config, addition, at),
  ],
  'billing/add-panels/manual-add-emails.ts panelAdditionPaidMessage': [
    'order',
    () => panelAdditionPaidMessage(config, addition),
  ],
  'billing/invoices/document-emails.ts invoiceEmailContent': [
    'order',
    () => invoiceEmailContent(config, { label: 'INV-0001', orderId: 1, amountCents: 50_000 }),
  ],
  'billing/invoices/document-emails.ts creditNoteEmailContent': [
    'order',
    () => creditNoteEmailContent(config, { label: 'CN-0001', invoice: 'INV-0001', amountCents: 50_000 }),
  ],
  'auth/auth-emails.ts addressProvenMessage': [
    'account',
    () =>
      addressProvenMessage(config, 'Ann', {
        password: true,
        twoFactor: false,
        apiKeys: 1,
        webhookEndpoints: 0,
      }),
  ],
  'auth/auth-emails.ts passwordResetMessage': [
    'account',
    () => passwordResetMessage(config, 'Ann', 'https://x.test/r'),
  ],
  'account/deletion-emails.ts accountDeletedMessage': [
    'account',
    () => accountDeletedMessage(config, summary),
  ],
  'provisioning/order-emails.ts orderConfirmationMessage': [
    'order',
    () => orderConfirmationMessage(config, order),
  ],
  'provisioning/order-emails.ts panelsReadyMessage': ['order', () => panelsReadyMessage(config, order)],
  'provisioning/order-emails.ts paymentInstructionsMessage': [
    'order',
    () => paymentInstructionsMessage(config, order, 'bank_transfer'),
  ],
  'provisioning/late-delivery-emails.ts lateDeliveryMessage': [
    'order',
    () => lateDeliveryMessage(config, order, null),
  ],
  'billing/subscriptions/subscription-emails.ts renewalMessage': [
    'order',
    () => renewalMessage(config, 7, 50_000, at),
  ],
  'billing/subscriptions/subscription-emails.ts pastDueMessage': ['order', () => pastDueMessage(config, 7)],
  'billing/panels/panel-billing-emails.ts panelsExpiredMessage': [
    'order',
    () => panelsExpiredMessage(config, 7, [{ email: 'admin0001@panels.example' }], at),
  ],
  'billing/subscriptions/subscription-emails.ts expiredMessage': ['order', () => expiredMessage(config, 7)],
  'billing/subscriptions/dunning-emails.ts retryDeclinedMessage': [
    'order',
    () =>
      retryDeclinedMessage(config, {
        orderId: 7,
        amountCents: 50_000,
        attempt: 1,
        of: 3,
        nextRetryAt: at,
        expiresAt: at,
      }),
  ],
  'billing/subscriptions/dunning-emails.ts renewalReminderMessage': [
    'order',
    () =>
      renewalReminderMessage(config, {
        orderId: 7,
        amountCents: 50_000,
        method: 'bank_transfer',
        first: true,
        expiresAt: at,
      }),
  ],
  'billing/refunds/refund-emails.ts refundDecisionMessage': [
    'order',
    () => refundDecisionMessage(config, 7, true, 50_000),
  ],
  'payments/manual/manual-payment-emails.ts paymentReminderMessage': [
    'order',
    () => paymentReminderMessage(config, manual, at),
  ],
  'payments/manual/manual-payment-emails.ts unpaidOrderCanceledMessage': [
    'order',
    () => unpaidOrderCanceledMessage(config, 7, 7),
  ],
  'payments/manual/manual-payment-emails.ts renewalInvoiceMessage': [
    'order',
    () => renewalInvoiceMessage(config, manual, at),
  ],
  'billing/subscriptions/subscription-emails.ts renewalReceivedMessage': [
    'order',
    () => renewalReceivedMessage(config, 7, 50_000, at),
  ],
  'contact/contact-emails.ts contactEmail': [
    'operator',
    () =>
      contactEmail(
        { name: 'Vic', email: 'vic@example.com', subject: 'Hello', message: 'A question.' },
        config.brand.supportEmail,
        config.brand.name,
      ),
  ],
  'alerts/alert-emails.ts stockShortAlert': [
    'operator',
    () => stockShortAlert(config, { waitingOrders: 1, panelsNeeded: 3, panelsShort: 2 }),
  ],
  'alerts/alert-emails.ts deliveryDueAlert': [
    'operator',
    () => deliveryDueAlert(config, [{ id: 7, deadline: at, missing: 1, quantity: 1 }]),
  ],
  'alerts/alert-emails.ts refundRequestedAlert': [
    'operator',
    () => refundRequestedAlert(config, { orderId: 7, customerEmail: 'c@example.com', reason: 'No.' }),
  ],
  'alerts/alert-emails.ts manualOrderAlert': [
    'operator',
    () =>
      manualOrderAlert(config, {
        id: 7,
        totalCents: 50_000,
        method: 'crypto',
        customerEmail: null,
        payBy: at,
      }),
  ],
  'alerts/alert-emails.ts renewalFailedAlert': [
    'operator',
    () => renewalFailedAlert(config, { id: 7, customerEmail: 'c@example.com', periodEnd: at }),
  ],
  'alerts/alert-emails.ts stripeSyncFailedAlert': ['operator', () => stripeSyncFailedAlert(config, [7, 8])],
  'replacements/replacement-emails.ts panelReplacedMessage': [
    'account',
    () => panelReplacedMessage(config, { orderId: 7, panelEmail: 'old@panels.example' }),
  ],
  'replacements/replacement-emails.ts replacementRejectedMessage': [
    'account',
    () =>
      replacementRejectedMessage(config, {
        orderId: 7,
        panelEmail: 'p@panels.example',
        reason: 'Works here.',
      }),
  ],
  'webhooks/webhook-disabled-emails.ts endpointDisabledMessage': [
    'account',
    () =>
      endpointDisabledMessage(
        { brandName: config.brand.name, publicUrl: config.publicUrl },
        { id: 7, url: 'https://hooks.example.com/in', since: at },
      ),
  ],
  'workspaces/invitation-emails.ts invitationMessage': [
    'account',
    () =>
      invitationMessage(config, {
        email: 'ops@example.com',
        inviterName: 'Ann',
        workspaceName: 'Acme Ltd',
        role: 'operator',
        token: 'inv_x',
      }),
  ],
  'alerts/alert-emails.ts paidAfterEndAlert': [
    'operator',
    () =>
      paidAfterEndAlert(config, {
        orderId: 7,
        customerEmail: 'c@example.com',
        amountCents: 50_000,
        chargeId: 'in_7',
        why: 'refunded',
      }),
  ],
};

const SERVER = join(import.meta.dirname, '..');
const TEMPLATES = join(SERVER, 'mail', 'templates.ts');

/** Every production file in src/server but the templates, by its path from there, with its source. */
function serverFiles(): { name: string; source: string }[] {
  return readdirSync(SERVER, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && join(SERVER, f) !== TEMPLATES)
    .map((f) => ({ name: f.split(sep).join('/'), source: readFileSync(join(SERVER, f), 'utf8') }));
}

/** `file name` for every exported function in src/server that returns a message. */
function buildersInTheCode(): { builders: string[]; renderingFiles: string[] } {
  const builders: string[] = [];
  const renderingFiles: string[] = [];
  const exported =
    /export function (\w+)\(((?:(?!export function)[\s\S])*?)\):\s*(?:EmailContent|OutgoingEmail)\s*\{/g;
  for (const { name, source } of serverFiles()) {
    if (source.includes('renderEmail(')) renderingFiles.push(name);
    for (const match of source.matchAll(exported)) builders.push(`${name} ${match[1]}`);
  }
  return { builders: builders.sort(), renderingFiles: renderingFiles.sort() };
}

/**
 * Whether a file (its path from src/server) builds e-mail: it takes `renderEmail` from
 * mail/templates.ts as a value, the one way a message gets its subject, text and HTML. A type
 * import (EmailContent), or `appendFooter` alone as email-preferences/links.ts takes it, is not
 * building one.
 */
function buildsEmail(file: string, source: string): boolean {
  const imports = source.matchAll(/\bimport\s+(type\s+)?([^;]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/g);
  for (const [, typeOnly, clause = '', specifier = ''] of imports) {
    const target = resolve(dirname(join(SERVER, file)), specifier).replace(/\.(js|ts)$/, '');
    if (typeOnly || `${target}.ts` !== TEMPLATES) continue;
    const namespace = /\*\s*as\s+(\w+)/.exec(clause)?.[1];
    if (namespace && source.includes(`${namespace}.renderEmail`)) return true;
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    if (named.split(',').some((binding) => /^\s*renderEmail\b/.test(binding))) return true;
  }
  return false;
}

const BUILDER_SUFFIX = '-emails.ts';

describe('e-mail classes', () => {
  it('gives every message builder its class', () => {
    for (const [name, [expected, build]] of Object.entries(BUILDERS)) {
      expect(build().emailClass, name).toBe(expected);
    }
  });

  it('lists every builder in the code, so a new e-mail cannot go without a class', () => {
    const { builders, renderingFiles } = buildersInTheCode();
    expect(builders).toEqual(Object.keys(BUILDERS).sort());
    // Every file that renders mail exports its builders under a return type the scan sees.
    expect(renderingFiles).toEqual([...new Set(builders.map((b) => b.split(' ')[0]))].sort());
  });
});

// One suffix for the files that build e-mail, so `*-emails.ts` finds every message the
// product writes, and a file that only queues or sends one is not mistaken for its builder.
describe(`e-mail builder files (*${BUILDER_SUFFIX})`, () => {
  const files = serverFiles();

  it(`name every file that builds e-mail <topic>${BUILDER_SUFFIX}`, () => {
    const building = files.filter(({ name, source }) => buildsEmail(name, source)).map(({ name }) => name);
    // Guards the reader: a pattern that matched nothing would pass the check below.
    expect(building).toContain('auth/auth-emails.ts');
    expect(building).toContain('billing/invoices/document-emails.ts');
    expect(building.filter((name) => !name.endsWith(BUILDER_SUFFIX))).toEqual([]);
  });

  it(`registers the builders of every *${BUILDER_SUFFIX} file above, with their classes`, () => {
    const registered = new Set(Object.keys(BUILDERS).map((key) => key.split(' ')[0]));
    const named = files.map(({ name }) => name).filter((name) => name.endsWith(BUILDER_SUFFIX));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !registered.has(name))).toEqual([]);
  });

  it('tells a builder from a file that only uses the types or the footer', () => {
    expect(
      buildsEmail('alerts/x.ts', "import { type EmailContent, renderEmail } from '../mail/templates';"),
    ).toBe(true);
    expect(
      buildsEmail(
        'billing/invoices/x.ts',
        "import {\n  appendFooter,\n  renderEmail,\n} from '../../mail/templates';",
      ),
    ).toBe(true);
    expect(buildsEmail('mail/x.ts', "import { renderEmail as render } from './templates.ts';")).toBe(true);
    expect(buildsEmail('alerts/x.ts', "import * as t from '../mail/templates';\nt.renderEmail({});")).toBe(
      true,
    );
    expect(buildsEmail('alerts/x.ts', "import type { EmailContent } from '../mail/templates';")).toBe(false);
    expect(buildsEmail('alerts/x.ts', "import { type renderEmail } from '../mail/templates';")).toBe(false);
    expect(buildsEmail('email-preferences/x.ts', "import { appendFooter } from '../mail/templates';")).toBe(
      false,
    );
    expect(buildsEmail('alerts/x.ts', "import { renderEmail } from '../pdf/templates';")).toBe(false);
  });
});
