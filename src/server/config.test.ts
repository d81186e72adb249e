import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('turns demo mode off by default on PostgreSQL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/app' });
    expect(config.demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', DEMO_MODE: 'true' }).demoMode).toBe(true);
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
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example/',
      DATABASE_URL: 'postgresql://db/app',
      SESSION_SECRET: 'x'.repeat(32),
      PANEL_SECRET_KEY: 'a'.repeat(64),
    });
    expect(config.publicUrl).toBe('https://shop.example');
    expect(config.requireEmailVerification).toBe(true);
    expect(config.demoMode).toBe(false);
  });

  it('never takes sandbox card payments in production unless told to', () => {
    const prod = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      SESSION_SECRET: 'x'.repeat(32),
      PANEL_SECRET_KEY: 'a'.repeat(64),
    };
    expect(loadConfig(prod).cardProvider).toBeNull();
    expect(loadConfig({ ...prod, SANDBOX_PAYMENTS: 'on' }).cardProvider).toBe('sandbox');
    expect(
      loadConfig({ ...prod, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).cardProvider,
    ).toBe('stripe');
    expect(loadConfig({}).cardProvider).toBe('sandbox');
    expect(loadConfig({ MANUAL_PAYMENT_METHODS: 'none' }).manualPaymentMethods).toEqual([]);
    expect(() => loadConfig({ MANUAL_PAYMENT_METHODS: 'cash' })).toThrow(/MANUAL_PAYMENT_METHODS/);
  });

  it('shows only the social links that are configured', () => {
    const config = loadConfig({ SOCIAL_LINKEDIN_URL: 'https://linkedin.example/company/x' });
    expect(config.brand.social).toEqual({ linkedin: 'https://linkedin.example/company/x' });
  });
});
