import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The least a production start needs: its public address and its two secrets. */
const prod = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  SESSION_SECRET: 'x'.repeat(32),
  PANEL_SECRET_KEY: 'a'.repeat(64),
};

describe('loadConfig', () => {
  it('defaults to the embedded set-up in demo mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data/pglite' });
    expect(config.demoMode).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.brand.name).toBe('PanelHub');
    expect(config.brand.location).toBe('Seattle, WA, United States');
    expect(config.brand.social).toEqual({});
    expect(config.stripe).toBeUndefined();
    expect(config.requireEmailVerification).toBe(false);
  });

  it('takes the invoice seller from the brand settings unless set, with no tax by default (0013)', () => {
    expect(loadConfig({ BRAND_NAME: 'MailDesk', COMPANY_LOCATION: 'Austin, TX' }).seller).toEqual({
      legalName: 'MailDesk',
      address: ['Austin, TX'],
      country: '',
      taxNumber: '',
      taxRateBasisPoints: 0,
    });
    expect(
      loadConfig({
        SELLER_LEGAL_NAME: 'MailDesk GmbH',
        SELLER_ADDRESS: 'Torstrasse 1; 10119 Berlin;',
        SELLER_COUNTRY: 'de',
        SELLER_TAX_NUMBER: 'DE811111111',
        TAX_RATE_PERCENT: '7.75',
      }).seller,
    ).toEqual({
      legalName: 'MailDesk GmbH',
      address: ['Torstrasse 1', '10119 Berlin'],
      country: 'DE',
      taxNumber: 'DE811111111',
      taxRateBasisPoints: 775,
    });
    for (const [key, value] of [
      ['SELLER_COUNTRY', 'Germany'],
      ['TAX_RATE_PERCENT', '7.755'],
      ['TAX_RATE_PERCENT', '-1'],
      ['TAX_RATE_PERCENT', '101'],
    ] as const)
      expect(() => loadConfig({ [key]: value }), `${key}=${value}`).toThrow(ConfigError);
  });

  it('turns demo mode off by default on PostgreSQL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/app',
      maxConnections: 10,
    });
    expect(config.demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE', () => {
    const database = loadConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_POOL_SIZE: '40' }).database;
    expect(database).toEqual({ kind: 'postgres', url: 'postgres://db/app', maxConnections: 40 });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE/,
    );
  });

  it('reads the late-delivery credit as a whole percent, 0 (none) by default', () => {
    expect(loadConfig({}).lateDeliveryCreditPercent).toBe(0);
    expect(loadConfig({ LATE_DELIVERY_CREDIT_PERCENT: '25' }).lateDeliveryCreditPercent).toBe(25);
    for (const bad of ['101', '-1', '12.5']) {
      expect(() => loadConfig({ LATE_DELIVERY_CREDIT_PERCENT: bad })).toThrow(/LATE_DELIVERY_CREDIT_PERCENT/);
    }
  });

  it('serves metrics only with a METRICS_TOKEN long enough, and never echoes a refused one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'm'.repeat(24);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const bad of ['short-token', `${'s'.repeat(20)} with space`]) {
      const refused = (() => {
        try {
          loadConfig({ METRICS_TOKEN: bad });
        } catch (error) {
          return error;
        }
      })();
      expect(refused).toBeInstanceOf(ConfigError);
      expect(String(refused)).toMatch(/METRICS_TOKEN/);
      expect(String(refused)).not.toContain(bad);
    }
  });

  it('traces only with an http(s) OTEL_EXPORTER_OTLP_ENDPOINT, sending to its /v1/traces', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }).tracing).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing).toEqual({
      tracesUrl: 'http://127.0.0.1:4318/v1/traces',
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com/base/' }).tracing).toEqual({
      tracesUrl: 'https://otlp.example.com/base/v1/traces',
    });
    for (const bad of ['collector:4318', 'grpc://127.0.0.1:4317', 'http://127.0.0.1:4318/?token=x']) {
      expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: bad })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    }
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PANEL_SECRET_KEY: 'short' })).toThrow(/PANEL_SECRET_KEY/);
    expect(() => loadConfig({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE/);
  });

  it('requires the secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example' })).toThrow(
      /SESSION_SECRET[\s\S]*PANEL_SECRET_KEY/,
    );
    const config = loadConfig({
      ...prod,
      PUBLIC_URL: 'https://shop.example/',
      DATABASE_URL: 'postgresql://db/app',
    });
    expect(config.publicUrl).toBe('https://shop.example');
    expect(config.requireEmailVerification).toBe(true);
    expect(config.demoMode).toBe(false);
  });

  it('never takes sandbox card payments in production unless told to', () => {
    expect(loadConfig(prod).cardProvider).toBeNull();
    expect(loadConfig({ ...prod, SANDBOX_PAYMENTS: 'on' }).cardProvider).toBe('sandbox');
    expect(
      loadConfig({ ...prod, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).cardProvider,
    ).toBe('stripe');
    expect(loadConfig({}).cardProvider).toBe('sandbox');
    expect(loadConfig({ MANUAL_PAYMENT_METHODS: 'none' }).manualPaymentMethods).toEqual([]);
    expect(() => loadConfig({ MANUAL_PAYMENT_METHODS: 'cash' })).toThrow(/MANUAL_PAYMENT_METHODS/);
  });

  describe('manual payment details', () => {
    const bank = {
      BANK_ACCOUNT_NAME: 'Panel Shop LLC',
      BANK_ACCOUNT_NUMBER: 'DE89 3704 0044 0532 0130 00',
      BANK_ROUTING: 'COBADEFFXXX',
      BANK_NAME: 'Commerzbank',
    };

    it('reads the bank account and the wallets, and offers each method only with its details', () => {
      const config = loadConfig({
        ...prod,
        ...bank,
        CRYPTO_WALLETS:
          ' BTC:Bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq , usdc:Ethereum:0x52908400098527886E0F7030069857D2E4169EE7,BCH:Bitcoin Cash:bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      });
      expect(config.manualPayments.bank).toEqual({
        accountName: 'Panel Shop LLC',
        accountNumber: 'DE89 3704 0044 0532 0130 00',
        routing: 'COBADEFFXXX',
        bankName: 'Commerzbank',
      });
      expect(config.manualPayments.wallets).toEqual([
        { currency: 'BTC', network: 'Bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        { currency: 'USDC', network: 'Ethereum', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        {
          currency: 'BCH',
          network: 'Bitcoin Cash',
          address: 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
        },
      ]);
      expect(config.manualPayments.example).toEqual({ bank: false, wallets: false });
      expect(config.manualPaymentMethods).toEqual(['bank_transfer', 'crypto']);
      expect(config.manualPayments.paymentDays).toBe(7);
    });

    it('offers no manual method in production until its details are set', () => {
      expect(loadConfig(prod).manualPaymentMethods).toEqual([]);
      expect(loadConfig(prod).manualPayments).toMatchObject({ bank: null, wallets: [] });
      expect(loadConfig({ ...prod, ...bank }).manualPaymentMethods).toEqual(['bank_transfer']);
      expect(
        loadConfig({ ...prod, CRYPTO_WALLETS: 'BTC:Bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })
          .manualPaymentMethods,
      ).toEqual(['crypto']);
      // Details alone do not switch on a method the operator listed out.
      expect(loadConfig({ ...prod, ...bank, MANUAL_PAYMENT_METHODS: 'crypto' }).manualPaymentMethods).toEqual(
        [],
      );
      // Off demo mode, outside production as well: nothing made up.
      expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).manualPaymentMethods).toEqual([]);
    });

    it('uses labelled example details in demo mode when none are configured', () => {
      const demo = loadConfig({});
      expect(demo.demoMode).toBe(true);
      expect(demo.manualPaymentMethods).toEqual(['bank_transfer', 'crypto']);
      expect(demo.manualPayments.example).toEqual({ bank: true, wallets: true });
      expect(demo.manualPayments.bank?.accountName).toMatch(/example|demo/i);
      expect(demo.manualPayments.wallets.every((w) => /example/i.test(w.address))).toBe(true);
      // Real details win over the examples, even in demo mode.
      const real = loadConfig({ ...bank });
      expect(real.manualPayments.bank?.accountName).toBe('Panel Shop LLC');
      expect(real.manualPayments.example).toEqual({ bank: false, wallets: true });
    });

    it('names the setting that is wrong or missing', () => {
      expect(() => loadConfig({ ...prod, BANK_ACCOUNT_NAME: 'Panel Shop LLC' })).toThrow(
        /BANK_ACCOUNT_NUMBER: required/,
      );
      expect(() => loadConfig({ ...prod, BANK_ROUTING: 'COBADEFFXXX' })).toThrow(
        /BANK_ACCOUNT_NAME: required[\s\S]*BANK_ACCOUNT_NUMBER: required/,
      );
      expect(() => loadConfig({ CRYPTO_WALLETS: 'BTC-bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })).toThrow(
        /CRYPTO_WALLETS: entry 1 .* must be CURRENCY:NETWORK:ADDRESS/,
      );
      expect(() => loadConfig({ CRYPTO_WALLETS: 'BTC:Bitcoin:short' })).toThrow(/CRYPTO_WALLETS/);
      expect(() => loadConfig({ CRYPTO_WALLETS: 'BTC:Bitcoin:<script>alert(1)</script>' })).toThrow(
        /CRYPTO_WALLETS/,
      );
      expect(loadConfig({ MANUAL_PAYMENT_DAYS: '10' }).manualPayments.paymentDays).toBe(10);
      expect(() => loadConfig({ MANUAL_PAYMENT_DAYS: '0' })).toThrow(/MANUAL_PAYMENT_DAYS/);
      expect(() => loadConfig({ MANUAL_PAYMENT_DAYS: 'soon' })).toThrow(/MANUAL_PAYMENT_DAYS/);
    });

    it('reads REPLACEMENTS_PER_PERIOD: 2 by default, 0 to refuse reports, never negative', () => {
      expect(loadConfig({}).replacementsPerPeriod).toBe(2);
      expect(loadConfig({ REPLACEMENTS_PER_PERIOD: '0' }).replacementsPerPeriod).toBe(0);
      expect(loadConfig({ REPLACEMENTS_PER_PERIOD: '5' }).replacementsPerPeriod).toBe(5);
      expect(() => loadConfig({ REPLACEMENTS_PER_PERIOD: '-1' })).toThrow(/REPLACEMENTS_PER_PERIOD/);
      expect(() => loadConfig({ REPLACEMENTS_PER_PERIOD: 'two' })).toThrow(/REPLACEMENTS_PER_PERIOD/);
    });
  });

  it('runs every role in one process by default, and web or worker only on PostgreSQL with shared secrets (0022)', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: '' }).role).toBe('all');
    const shared = {
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      SESSION_SECRET: 'x'.repeat(32),
      PANEL_SECRET_KEY: 'a'.repeat(64),
    };
    expect(loadConfig({ ...shared, ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...shared, ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ ROLE: 'sweeper' })).toThrow(/ROLE: must be all, web or worker/);
    expect(() => loadConfig({ ROLE: 'Web' })).toThrow(/ROLE/);
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ ROLE: role, SESSION_SECRET: shared.SESSION_SECRET })).toThrow(
        new RegExp(
          `ROLE: ${role} needs DATABASE_URL \\(PostgreSQL\\); the embedded database serves one process`,
        ),
      );
      expect(() => loadConfig({ ROLE: role, DATABASE_URL: shared.DATABASE_URL })).toThrow(
        /SESSION_SECRET and PANEL_SECRET_KEY, the same in every process/,
      );
    }
  });

  it('shows only the social links that are configured', () => {
    const config = loadConfig({ SOCIAL_LINKEDIN_URL: 'https://linkedin.example/company/x' });
    expect(config.brand.social).toEqual({ linkedin: 'https://linkedin.example/company/x' });
  });
});
