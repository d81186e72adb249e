import { describe, expect, it } from 'vitest';
import { ADMIN_PANEL_SORT_LABELS, ADMIN_PANEL_SORTS, DEFAULT_ADMIN_PANEL_SORT } from './admin-panel-sort';

describe('admin panel sorts', () => {
  it('offer e-mail, status, purchase date and created, each both ways', () => {
    for (const field of ['email', 'status', 'purchase_date']) {
      expect(ADMIN_PANEL_SORTS).toContain(`${field}_asc`);
      expect(ADMIN_PANEL_SORTS).toContain(`${field}_desc`);
    }
    expect(ADMIN_PANEL_SORTS).toContain('newest');
    expect(ADMIN_PANEL_SORTS).toContain('oldest');
    expect(DEFAULT_ADMIN_PANEL_SORT).toBe('newest');
  });

  it('label every sort differently', () => {
    const labels = ADMIN_PANEL_SORTS.map((sort) => ADMIN_PANEL_SORT_LABELS[sort]);
    expect(new Set(labels).size).toBe(ADMIN_PANEL_SORTS.length);
  });
});
