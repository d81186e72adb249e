import { describe, expect, it } from 'vitest';
import { adminPanelBilling, inventoryPanelEnded } from './panel-billing-text';

const NOW = new Date('2026-03-03T12:00:00.000Z');
const END = '2026-04-01T12:00:00.000Z';

describe("the admin console's panel billing", () => {
  it('says when a renewing panel renews', () => {
    expect(adminPanelBilling({ status: 'sold', renewsAt: END, endsAt: null }, NOW)).toEqual({
      text: 'Renews on Apr 1, 2026',
      tone: 'muted',
    });
  });

  it('says when a canceled panel ends, and that it expired once it did', () => {
    expect(adminPanelBilling({ status: 'sold', renewsAt: null, endsAt: END }, NOW)?.text).toBe(
      'Ends on Apr 1, 2026 (canceled at period end)',
    );
    expect(adminPanelBilling({ status: 'retired', renewsAt: null, endsAt: END }, NOW)?.text).toBe(
      'Expired on Apr 1, 2026',
    );
    expect(adminPanelBilling({ status: 'sold', renewsAt: null, endsAt: END }, new Date(END))?.text).toBe(
      'Expired on Apr 1, 2026',
    );
  });

  it('says nothing for a panel without a renewal (replaced, or a subscription not started)', () => {
    expect(adminPanelBilling({ status: 'retired', renewsAt: null, endsAt: null }, NOW)).toBeNull();
  });

  it('marks a retired inventory panel whose subscription ended, and nothing else', () => {
    expect(inventoryPanelEnded({ status: 'retired', endedAt: END })).toBe('Subscription ended Apr 1, 2026');
    expect(inventoryPanelEnded({ status: 'retired', endedAt: null })).toBeNull();
    expect(inventoryPanelEnded({ status: 'sold', endedAt: END })).toBeNull();
  });
});
