// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addonSelectOptions } from '../../../domain/pricing';
import { initialSelection, quoteFor, selectionReducer } from './order-selection';

const range = (max: number) => Array.from({ length: max + 1 }, (_, i) => i);

describe('order selection (docs/product.md §4, §5, D4)', () => {
  it('preselects the plan of the link, and nothing for a missing or unknown plan', () => {
    expect(initialSelection('pro', ['card']).planId).toBe('pro');
    expect(initialSelection(null, ['card']).planId).toBeNull();
    expect(initialSelection('platinum', ['card']).planId).toBeNull();
  });

  it('defaults to card when offered, else the first configured method', () => {
    expect(initialSelection('pro', ['card', 'crypto']).method).toBe('card');
    expect(initialSelection('pro', ['bank_transfer', 'crypto']).method).toBe('bank_transfer');
  });

  it('offers 0-4 add-ons for basic, 0-20 for pro and 0-30 for enterprise', () => {
    expect(addonSelectOptions('basic')).toEqual(range(4));
    expect(addonSelectOptions('pro')).toEqual(range(20));
    expect(addonSelectOptions('enterprise')).toEqual(range(30));
  });

  it('resets add-ons to 0 whenever the plan changes', () => {
    let s = initialSelection('pro', ['card']);
    s = selectionReducer(s, { type: 'addons', count: 3 });
    expect(s.additionalPanels).toBe(3);
    expect(selectionReducer(s, { type: 'plan', planId: 'pro' }).additionalPanels).toBe(3);
    s = selectionReducer(s, { type: 'plan', planId: 'enterprise' });
    expect(s).toMatchObject({ planId: 'enterprise', additionalPanels: 0 });
  });

  it('ignores add-on counts the plan does not offer', () => {
    const basic = initialSelection('basic', ['card']);
    expect(selectionReducer(basic, { type: 'addons', count: 5 }).additionalPanels).toBe(0);
    expect(selectionReducer(basic, { type: 'addons', count: 1.5 }).additionalPanels).toBe(0);
    expect(
      selectionReducer(initialSelection(null, ['card']), { type: 'addons', count: 1 }).additionalPanels,
    ).toBe(0);
  });

  it('quotes pro with 3 add-ons at $2,900 for 8 panels', () => {
    const s = selectionReducer(initialSelection('pro', ['card']), { type: 'addons', count: 3 });
    expect(quoteFor(s)).toEqual({
      planCents: 200_000,
      addonCents: 90_000,
      addonUnitCents: 30_000,
      panels: 8,
      seats: 16_000,
      totalCents: 290_000,
      reverseCharge: null,
    });
    expect(quoteFor(initialSelection(null, ['card']))).toBeNull();
  });

  it('quotes a reverse-charge buyer each list price less the VAT it includes (docs/decisions/0013)', () => {
    const s = selectionReducer(initialSelection('pro', ['card']), { type: 'addons', count: 3 });
    // Pro: $2,000 and $300 an add-on, both including 19% VAT: 200000 / 1.19 = 168067.2, 30000 / 1.19 = 25210.08.
    expect(quoteFor(s, { rateBasisPoints: 1900, reverseCharge: true })).toMatchObject({
      planCents: 168_067,
      addonUnitCents: 25_210,
      addonCents: 75_630,
      totalCents: 243_697,
      reverseCharge: { listCents: 290_000, rateBasisPoints: 1900 },
    });
    // A domestic buyer pays the list price, VAT included.
    expect(quoteFor(s, { rateBasisPoints: 1900, reverseCharge: false })).toMatchObject({
      totalCents: 290_000,
      reverseCharge: null,
    });
  });
});
