import { z } from 'zod';

/**
 * What the web app needs to know about this installation (D1): brand, contact details,
 * and in demo mode the demo sign-in (D2). The server embeds it in every page it serves.
 */
export const siteInfoSchema = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  location: z.string(),
  social: z.object({
    twitter: z.string().optional(),
    linkedin: z.string().optional(),
    github: z.string().optional(),
  }),
  /** The checkout methods this installation takes, and who takes card payments. */
  paymentMethods: z.array(z.enum(['card', 'crypto', 'bank_transfer'])),
  cardProvider: z.enum(['sandbox', 'stripe']).nullable(),
  /**
   * On the sandbox, how far the sandbox clock has moved the business time ahead of real time
   * (pages show a banner while it is ahead); null where there is no sandbox clock. The server
   * fills it in as each page is served, as it changes while the server runs.
   */
  sandboxClock: z.object({ offsetMs: z.number().int().nonnegative() }).nullable(),
  /** The currencies the configured crypto wallets take ('BTC', 'USDC'), as the order page names them. */
  cryptoCurrencies: z.array(z.string()),
  /** New accounts confirm their e-mail before the first sign-in. */
  emailVerificationRequired: z.boolean(),
  /** Free panel replacements per panel per billing period (REPLACEMENTS_PER_PERIOD). */
  replacementsPerPeriod: z.number().int(),
  demo: z
    .object({
      adminEmail: z.string(),
      customerEmail: z.string(),
      password: z.string(),
    })
    .nullable(),
});

export type SiteInfo = z.infer<typeof siteInfoSchema>;

export { SITE_DATA_ELEMENT_ID, SITE_DATA_PLACEHOLDER } from './site-data';

/** JSON that is safe inside a <script> element: nothing can close the element early. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
}
