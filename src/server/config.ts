import { z } from 'zod';
import { isCountryCode } from '../domain/countries';
import { DEMO_BANK_DETAILS, DEMO_CRYPTO_WALLETS } from '../domain/demo-payment-details';
import type { BankDetails, CryptoWallet } from '../domain/payment-details';

/**
 * Every setting the product reads from the environment, validated once at boot.
 * Nothing else in the code base reads process.env; it receives a Config.
 */

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const WALLET_ENTRY = /^([A-Za-z0-9]{2,10}):([A-Za-z0-9 .()-]{1,40}):([A-Za-z0-9:._-]{8,200})$/;

/**
 * CRYPTO_WALLETS: 'CURRENCY:NETWORK:ADDRESS' entries separated by commas, e.g.
 * 'BTC:Bitcoin:bc1q...,USDC:Ethereum:0x...'. The address is everything after the second
 * colon (some chains write a prefix with a colon).
 */
const cryptoWalletsSchema = z.string().transform((value, ctx): CryptoWallet[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const wallets: CryptoWallet[] = [];
  entries.forEach((entry, index) => {
    const match = WALLET_ENTRY.exec(entry);
    if (!match) {
      ctx.addIssue({
        code: 'custom',
        message: `entry ${index + 1} ("${entry.slice(0, 40)}") must be CURRENCY:NETWORK:ADDRESS, e.g. BTC:Bitcoin:bc1q...`,
      });
      return;
    }
    const [, currency = '', network = '', address = ''] = match;
    wallets.push({ currency: currency.toUpperCase(), network: network.trim(), address });
  });
  if (entries.length > 10) ctx.addIssue({ code: 'custom', message: 'at most 10 wallets' });
  return wallets;
});

/**
 * What one process does (docs/decisions/0022-web-and-worker-roles.md): `all` serves HTTP and
 * runs the background work, `web` only serves HTTP, `worker` only runs the background work
 * (its port answers the health probes and /metrics alone).
 */
export const PROCESS_ROLES = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  ROLE: z.preprocess(
    emptyAsUndefined,
    z.enum(PROCESS_ROLES, { error: 'must be all, web or worker' }).default('all'),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(\d{1,2}|[0-9a-fA-F:.]+(\/\d{1,3})?(,\s*[0-9a-fA-F:.]+(\/\d{1,3})?)*)$/,
        'must be a hop count (1, 2, ...) or a comma-separated list of proxy addresses or CIDR ranges',
      )
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // Connections each instance keeps to PostgreSQL; a burst of requests waits for one.
  DATABASE_POOL_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(10)),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DEMO_MODE: z.preprocess(emptyAsUndefined, booleanFlag.optional()),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  PANEL_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
  ),
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().startsWith('sk_').optional()),
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SANDBOX_PAYMENTS: z.preprocess(emptyAsUndefined, booleanFlag.optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().startsWith('whsec_').optional()),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MANUAL_PAYMENT_METHODS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(none|((bank_transfer|crypto)(,(bank_transfer|crypto))*))$/,
        'must be "none" or a list of bank_transfer,crypto',
      )
      .default('bank_transfer,crypto'),
  ),
  BANK_ACCOUNT_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(120).optional()),
  BANK_ACCOUNT_NUMBER: z.preprocess(emptyAsUndefined, z.string().trim().min(4).max(64).optional()),
  BANK_ROUTING: z.preprocess(emptyAsUndefined, z.string().trim().min(2).max(64).optional()),
  BANK_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(120).optional()),
  CRYPTO_WALLETS: z.preprocess(emptyAsUndefined, cryptoWalletsSchema.optional()),
  MANUAL_PAYMENT_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(60).default(7)),
  REPLACEMENTS_PER_PERIOD: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100).default(2)),
  LATE_DELIVERY_CREDIT_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(100).default(0),
  ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  BRAND_NAME: z.preprocess(emptyAsUndefined, z.string().min(1).max(60).default('PanelHub')),
  SUPPORT_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('support@panelhub.example')),
  SUPPORT_PHONE: z.preprocess(emptyAsUndefined, z.string().min(3).max(40).default('+1 (206) 555-0142')),
  COMPANY_LOCATION: z.preprocess(
    emptyAsUndefined,
    z.string().min(2).max(120).default('Seattle, WA, United States'),
  ),
  SELLER_LEGAL_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(120).optional()),
  SELLER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().trim().min(2).max(300).optional()),
  SELLER_COUNTRY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 code such as DE or US')
      .optional(),
  ),
  SELLER_TAX_NUMBER: z.preprocess(emptyAsUndefined, z.string().trim().min(2).max(40).optional()),
  TAX_RATE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .min(0)
      .max(100)
      .refine((v) => Number.isInteger(v * 100), 'at most two decimals')
      .default(0),
  ),
  SOCIAL_TWITTER_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SOCIAL_LINKEDIN_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SOCIAL_GITHUB_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  REQUIRE_EMAIL_VERIFICATION: z.preprocess(emptyAsUndefined, booleanFlag.optional()),
  RATE_LIMIT_MULTIPLIER: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(1)),
  // Unset: no /metrics at all. Long enough that guessing it is no way in.
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{24,200}$/, 'must be 24 to 200 printable characters without spaces')
      .optional(),
  ),
  // Unset: no tracing, and the OpenTelemetry SDK is never loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (the OTLP/HTTP receiver)' })
      .refine((url) => !/[?#]/.test(url), 'must have no query string or fragment: /v1/traces is added to it')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  /** `web` and `worker` need PostgreSQL: the embedded database serves one process. */
  role: ProcessRole;
  /**
   * Which proxies' X-Forwarded-For to believe: none (the socket address is the client), the
   * last N hops, or the listed addresses/ranges. Everything per-IP (rate limits, audit) reads it.
   */
  trustProxy: false | number | string[];
  publicUrl: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; maxConnections: number };
  dataDir: string;
  demoMode: boolean;
  /** Present in production; generated into DATA_DIR by `resolveSecrets` otherwise. */
  sessionSecret: string | undefined;
  panelSecretKey: string | undefined;
  stripe: { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined } | undefined;
  /**
   * Who takes card payments: Stripe when configured, else the built-in sandbox where it is
   * allowed (never by default in production, where it would hand out panels for free).
   */
  cardProvider: 'stripe' | 'sandbox' | null;
  /**
   * Methods paid outside any provider and confirmed by an admin (D6): those listed in
   * MANUAL_PAYMENT_METHODS whose payment details are configured. A method nobody can be told
   * how to pay is not offered.
   */
  manualPaymentMethods: ('bank_transfer' | 'crypto')[];
  /** Where bank transfers and crypto payments go, and how long an order waits for one. */
  manualPayments: ManualPaymentsConfig;
  mail: { smtpUrl: string | undefined; from: string };
  requireEmailVerification: boolean;
  brand: {
    name: string;
    supportEmail: string;
    supportPhone: string;
    location: string;
    social: { twitter?: string; linkedin?: string; github?: string };
  };
  /**
   * Who issues invoices and credit notes, and the tax they show (docs/decisions/0013):
   * defaults from the brand settings, no tax number and no tax.
   */
  seller: {
    legalName: string;
    /** Address lines; SELLER_ADDRESS separates them with ';'. */
    address: string[];
    /** ISO code, or '' when not set (then no reverse charge is ever applied). */
    country: string;
    taxNumber: string;
    /** Tax included in every price, in basis points (19% = 1900). */
    taxRateBasisPoints: number;
  };
  logLevel: Env['LOG_LEVEL'];
  /**
   * Where spans go, as OTLP over HTTP: OTEL_EXPORTER_OTLP_ENDPOINT with the traces path added,
   * as the OpenTelemetry specification has it. Null: no tracing (docs/operations.md).
   */
  tracing: { tracesUrl: string } | null;
  /**
   * The bearer token a Prometheus scraper sends to GET /metrics; without it the route does not
   * exist (docs/decisions/0020-metrics.md). Never logged.
   */
  metricsToken: string | undefined;
  /** Scales every rate limit; above 1 only for automated test runs. */
  rateLimitMultiplier: number;
  /** Panels replaced free per panel per billing period (docs/product.md §11); 0 turns reports off. */
  replacementsPerPeriod: number;
  /**
   * Percent of an order's next renewal credited when it breaks the delivery promise
   * (docs/product.md §10); 0 = the apology alone.
   */
  lateDeliveryCreditPercent: number;
}

export interface ManualPaymentsConfig {
  /** Null: bank transfer is not offered. */
  bank: BankDetails | null;
  /** Empty: crypto is not offered. */
  wallets: CryptoWallet[];
  /**
   * Demo mode without configured details uses made-up ones so both methods can be tried;
   * every place that shows them says they are examples (src/domain/demo-payment-details.ts).
   */
  example: { bank: boolean; wallets: boolean };
  /** Days a bank transfer or crypto order waits for its payment before it is canceled. */
  paymentDays: number;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction) {
    if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: required when NODE_ENV=production');
    if (!e.PANEL_SECRET_KEY) problems.push('PANEL_SECRET_KEY: required when NODE_ENV=production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required when NODE_ENV=production');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET && isProduction) {
    problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY when NODE_ENV=production');
  }
  const bankParts = [e.BANK_ACCOUNT_NAME, e.BANK_ACCOUNT_NUMBER, e.BANK_ROUTING, e.BANK_NAME];
  if (bankParts.some(Boolean)) {
    // Half the details would send a customer's transfer nowhere: refuse to start instead.
    if (!e.BANK_ACCOUNT_NAME) problems.push('BANK_ACCOUNT_NAME: required with the other BANK_* settings');
    if (!e.BANK_ACCOUNT_NUMBER) problems.push('BANK_ACCOUNT_NUMBER: required with the other BANK_* settings');
  }
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    // A web process without a worker would never send mail, and the embedded database cannot
    // be opened by a second process to be one.
    problems.push(
      `ROLE: ${e.ROLE} needs DATABASE_URL (PostgreSQL); the embedded database serves one process, so run ROLE=all (the default) on it`,
    );
  }
  if (e.ROLE !== 'all' && (!e.SESSION_SECRET || !e.PANEL_SECRET_KEY)) {
    // Secrets generated into each machine's DATA_DIR would differ between the processes: a
    // worker could not read the webhook secrets a web process stored, nor sign its links.
    problems.push(`ROLE: ${e.ROLE} needs SESSION_SECRET and PANEL_SECRET_KEY, the same in every process`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const embedded = !e.DATABASE_URL;
  const demoMode = e.DEMO_MODE ?? (embedded && !isProduction);
  const manualPayments = manualPaymentsConfig(e, demoMode);
  const listedManual =
    e.MANUAL_PAYMENT_METHODS === 'none'
      ? []
      : [...new Set(e.MANUAL_PAYMENT_METHODS.split(',') as ('bank_transfer' | 'crypto')[])];
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const supportEmail = e.SUPPORT_EMAIL;
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    trustProxy: !e.TRUST_PROXY
      ? false
      : /^\d+$/.test(e.TRUST_PROXY)
        ? Number(e.TRUST_PROXY)
        : e.TRUST_PROXY.split(',').map((part) => part.trim()),
    publicUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, maxConnections: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: `${e.DATA_DIR}/pglite` },
    dataDir: e.DATA_DIR,
    demoMode,
    sessionSecret: e.SESSION_SECRET,
    panelSecretKey: e.PANEL_SECRET_KEY,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
      : undefined,
    cardProvider: e.STRIPE_SECRET_KEY ? 'stripe' : (e.SANDBOX_PAYMENTS ?? !isProduction) ? 'sandbox' : null,
    manualPaymentMethods: listedManual.filter((method) =>
      method === 'bank_transfer' ? manualPayments.bank !== null : manualPayments.wallets.length > 0,
    ),
    manualPayments,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.BRAND_NAME} <${supportEmail}>` },
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION ?? isProduction,
    brand: {
      name: e.BRAND_NAME,
      supportEmail,
      supportPhone: e.SUPPORT_PHONE,
      location: e.COMPANY_LOCATION,
      social: {
        ...(e.SOCIAL_TWITTER_URL ? { twitter: e.SOCIAL_TWITTER_URL } : {}),
        ...(e.SOCIAL_LINKEDIN_URL ? { linkedin: e.SOCIAL_LINKEDIN_URL } : {}),
        ...(e.SOCIAL_GITHUB_URL ? { github: e.SOCIAL_GITHUB_URL } : {}),
      },
    },
    seller: {
      legalName: e.SELLER_LEGAL_NAME ?? e.BRAND_NAME,
      address: (e.SELLER_ADDRESS ?? e.COMPANY_LOCATION)
        .split(';')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
      country: e.SELLER_COUNTRY ?? '',
      taxNumber: e.SELLER_TAX_NUMBER ?? '',
      taxRateBasisPoints: Math.round(e.TAX_RATE_PERCENT * 100),
    },
    logLevel: e.LOG_LEVEL,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { tracesUrl: `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` }
      : null,
    metricsToken: e.METRICS_TOKEN,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    replacementsPerPeriod: e.REPLACEMENTS_PER_PERIOD,
    lateDeliveryCreditPercent: e.LATE_DELIVERY_CREDIT_PERCENT,
  };
}

function manualPaymentsConfig(e: Env, demoMode: boolean): ManualPaymentsConfig {
  const bank: BankDetails | null =
    e.BANK_ACCOUNT_NAME && e.BANK_ACCOUNT_NUMBER
      ? {
          accountName: e.BANK_ACCOUNT_NAME,
          accountNumber: e.BANK_ACCOUNT_NUMBER,
          routing: e.BANK_ROUTING ?? null,
          bankName: e.BANK_NAME ?? null,
        }
      : null;
  const wallets = e.CRYPTO_WALLETS ?? [];
  const exampleBank = demoMode && bank === null;
  const exampleWallets = demoMode && wallets.length === 0;
  return {
    bank: exampleBank ? DEMO_BANK_DETAILS : bank,
    wallets: exampleWallets ? [...DEMO_CRYPTO_WALLETS] : wallets,
    example: { bank: exampleBank, wallets: exampleWallets },
    paymentDays: e.MANUAL_PAYMENT_DAYS,
  };
}

/** The process environment, read here and nowhere else. */
export function loadConfigFromEnvironment(): Config {
  return loadConfig(process.env);
}
