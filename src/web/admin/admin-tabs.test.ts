import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, tabFrom, tabSearch } from './admin-tabs';

describe('admin tabs in the query string', () => {
  it('reads every known tab and round-trips it', () => {
    for (const tab of ADMIN_TABS) {
      const search = new URLSearchParams(tabSearch(tab));
      expect(tabFrom(search.get('tab'))).toBe(tab);
    }
  });

  it('falls back to the overview for nothing or an unknown name', () => {
    expect(tabFrom(null)).toBe('overview');
    expect(tabFrom('settings')).toBe('overview');
    expect(tabSearch('overview')).toBe('');
  });
});
