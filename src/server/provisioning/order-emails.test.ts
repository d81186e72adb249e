import { describe, expect, it } from 'vitest';
import { pastDueMessage } from '../billing/subscriptions/subscription-emails';
import { testConfig } from '../testing/test-config';
import { orderConfirmationMessage, panelsReadyMessage } from './order-emails';

// The order e-mails count panels: one panel reads in the singular, never '1 admin panels'.

const config = testConfig();
const order = (quantity: number) => ({ id: 42, planId: 'basic', quantity, totalCents: 50_000 });

describe('order e-mails', () => {
  it('confirm an order of one panel or of many', () => {
    expect(orderConfirmationMessage(config, order(1)).text).toContain(
      'Basic plan (1 admin panel, billed monthly)',
    );
    expect(orderConfirmationMessage(config, order(8)).text).toContain(
      'Basic plan (8 admin panels, billed monthly)',
    );
  });

  it('say one panel is ready in the singular', () => {
    const one = panelsReadyMessage(config, order(1));
    expect(one.subject).toBe('Your 1 admin panel is ready');
    expect(one.text).toContain('Your admin panel is ready');
    expect(one.text).toContain('The admin panel of order 42 is active. Sign in to see its credentials');
    expect(one.text).not.toMatch(/\b1 admin panels\b|All 1 /);
  });

  it('say many panels are ready in the plural', () => {
    const many = panelsReadyMessage(config, order(5));
    expect(many.subject).toBe('Your 5 admin panels are ready');
    expect(many.text).toContain('All 5 admin panels of order 42 are active.');
  });

  it('count the grace days of a past-due subscription', () => {
    expect(pastDueMessage(config, 42).text).toMatch(/stay active for \d+ more days?;/);
    expect(pastDueMessage(config, 42).text).not.toContain('1 more days');
  });
});
