import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { subscription as sub } from '../../testing/subscription';
import type { Subscription } from '../api/billing-api';
import { SubscriptionRow } from './subscription-row';
import { subscriptionView } from './subscription-view';

const NOW = new Date('2026-03-03T12:00:00.000Z');

// The row's actions are not used while rendering; it only passes them to its buttons.
const actions = {} as ComponentProps<typeof SubscriptionRow>['actions'];

function rowHtml(subscription: Subscription): string {
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SubscriptionRow
          subscription={subscription}
          view={subscriptionView(subscription, NOW)}
          actions={actions}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a subscription on /billing', () => {
  it('shows a late-delivery credit waiting for its renewal (docs/product.md §10)', () => {
    expect(rowHtml(sub({ pendingCreditCents: 8_333 }))).toContain('$83.33 credit on your next renewal');
  });

  it('says what the next renewal pays for once panels were canceled', () => {
    const html = rowHtml(sub({ quantity: 3, renewingPanels: 2, renewalPriceCents: 95_000 }));
    expect(html).toContain('Next renewal: 2 of 3 panels for $950');
  });

  it('says nothing of a credit when there is none', () => {
    expect(rowHtml(sub({}))).not.toContain('credit on your next renewal');
  });
});
