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
