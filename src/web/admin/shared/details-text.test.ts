import { describe, expect, it } from 'vitest';
import { detailsText } from './details-text';

describe('detailsText', () => {
  it('joins the fields that have a value', () => {
    expect(detailsText({ rows: 3, accepted: 1, search: null, status: '' })).toBe('rows: 3 · accepted: 1');
  });

  it('writes nested values as JSON and nothing for no details', () => {
    expect(detailsText({ ids: [1, 2] })).toBe('ids: [1,2]');
    expect(detailsText(null)).toBe('');
  });
});
