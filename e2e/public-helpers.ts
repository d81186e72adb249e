import type { Browser, BrowserContext, Page } from '@playwright/test';

/** Every storefront page (docs/product.md §2 and D10) with its one h1. */
export const PUBLIC_PAGES = [
  { path: '/', heading: 'Mailbox admin panels for your whole organization' },
  { path: '/pricing', heading: 'Simple, Transparent Pricing' },
  { path: '/help', heading: 'Help Center' },
  { path: '/features', heading: 'Everything you need to manage mailboxes at scale' },
  { path: '/security', heading: 'Security you can check' },
  { path: '/about', heading: 'About PanelHub' },
  { path: '/contact', heading: 'Get in touch' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/refund', heading: 'Refund Policy' },
  { path: '/compliance', heading: 'Compliance' },
  { path: '/status', heading: 'Delivery status' },
  { path: '/docs/api', heading: 'API documentation' },
] as const;

export const THEMES = ['light', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];

/** A fresh context with the theme stored before any page script runs, as a returning visitor has it. */
export async function themedContext(
  browser: Browser,
  theme: ThemeName,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript((value) => localStorage.setItem('ui-theme', value), theme);
  return context;
}

/** Console errors and uncaught exceptions, hydration mismatches included, for a page's lifetime. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Resolves once React has hydrated the prerendered page (the scroll listener and handlers are live). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });
}
