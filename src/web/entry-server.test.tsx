import { describe, expect, it } from 'vitest';
import { formatCents } from '../domain/format';
import { PLANS } from '../domain/plans';
import type { SiteInfo } from '../domain/site';
import { NOT_FOUND_PATH, prerenderedPaths, render } from './entry-server';

const site = {
  brandName: 'MailDesk',
  supportEmail: 'help@maildesk.example',
  supportPhone: '+1 (555) 010-2030',
  location: 'Portland, OR, United States',
  social: { github: 'https://github.com/maildesk' },
  demo: null,
} as unknown as SiteInfo;

describe('prerender render()', () => {
  it('renders the landing page with its sections, every plan price and the configured brand', async () => {
    const page = await render('/', site);
    expect(page.status).toBe(200);
    for (const text of [
      'Choose Your Plan',
      'Ready to Transform Your Email Management?',
      'Flexible User Management',
      'Lightning Fast Setup',
      'Most Popular',
      'View detailed comparison of all plans',
      'Subscribe With Add-Ons',
      'help@maildesk.example',
      'Portland, OR, United States',
      `© ${new Date().getFullYear()} MailDesk`,
    ]) {
      expect(page.html).toContain(text);
    }
    for (const plan of PLANS) {
      expect(page.html).toContain(formatCents(plan.priceCents));
      expect(page.html).toContain(`href="/new-order?plan=${plan.id}"`);
    }
    expect(page.html).toContain('href="https://github.com/maildesk"');
    expect(page.html).not.toContain('href="/blog"');
    expect(page.html).not.toContain('href="/careers"');
    expect(page.title).toBe('Hosted Mailbox Admin Panels | MailDesk');
    expect(page.description).toMatch(/mailboxes/);
  });

  it('renders /pricing with the rate, seats and add-on texts of each plan', async () => {
    const page = await render('/pricing', site);
    expect(page.html).toContain('Simple, Transparent Pricing');
    for (const cents of [25, 20, 10]) expect(page.html).toContain(`As low as ${cents} cents per mailbox`);
    expect(page.html).toContain('Up to 10,000 mailbox seats');
    expect(page.html).toContain('More than 50,000 mailbox seats');
    expect(page.html).toContain('Each add-on panel increases capacity by 2,000 mailbox seats');
    for (const plan of PLANS) {
      expect(page.html).toContain(formatCents(plan.priceCents));
      expect(page.html).toContain(formatCents(plan.addonCostCents));
    }
    expect(page.title).toBe('Pricing | MailDesk');
  });

  it('renders /help with the FAQ, policies, hours and configured contact details', async () => {
    const page = await render('/help', site);
    for (const text of ['Help Center', 'Terms &amp; Policies', 'Monday to Friday, 9:00 AM to 5:00 PM EST']) {
      expect(page.html).toContain(text);
    }
    expect(page.html).toContain('mailto:help@maildesk.example');
    expect(page.html).toContain('tel:+15550102030');
  });

  it('renders every public page, and the 404 page for anything else', async () => {
    for (const path of prerenderedPaths) {
      const page = await render(path, site);
      expect(page.status, path).toBe(200);
      expect(page.html, path).toMatch(/<h1[\s>]/);
      expect(page.title, path).toMatch(/\| MailDesk$/);
    }
    const missing = await render(NOT_FOUND_PATH, site);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Oops! Page not found');
  });
});
