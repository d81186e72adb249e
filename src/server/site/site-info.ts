import type { SiteInfo } from '../../domain/site';
import type { Config } from '../config';
import { DEMO_ACCOUNTS } from '../demo/demo-accounts';

export function siteInfo(config: Config): SiteInfo {
  return {
    brandName: config.brand.name,
    supportEmail: config.brand.supportEmail,
    supportPhone: config.brand.supportPhone,
    location: config.brand.location,
    social: config.brand.social,
    paymentMethods: [...(config.cardProvider ? (['card'] as const) : []), ...config.manualPaymentMethods],
    cardProvider: config.cardProvider,
    sandboxClock: config.cardProvider === 'sandbox' ? { offsetMs: 0 } : null,
    cryptoCurrencies: config.manualPaymentMethods.includes('crypto')
      ? [...new Set(config.manualPayments.wallets.map((w) => w.currency))]
      : [],
    emailVerificationRequired: config.requireEmailVerification,
    replacementsPerPeriod: config.replacementsPerPeriod,
    demo: config.demoMode
      ? {
          adminEmail: DEMO_ACCOUNTS.admin.email,
          customerEmail: DEMO_ACCOUNTS.customer.email,
          password: DEMO_ACCOUNTS.password,
        }
      : null,
  };
}

/** The site as it is now: the sandbox clock's offset moves while the server runs. */
export function withSandboxOffset(site: SiteInfo, offsetMs: number | undefined): SiteInfo {
  return site.sandboxClock && offsetMs !== undefined ? { ...site, sandboxClock: { offsetMs } } : site;
}
