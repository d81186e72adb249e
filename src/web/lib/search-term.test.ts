import { describe, expect, it } from 'vitest';
import { SEARCH_TOO_SHORT, searchTerm } from './search-term';

describe('searchTerm', () => {
  it('sends nothing for an empty or blank box', () => {
    expect(searchTerm('')).toEqual({ term: undefined, tooShort: false });
    expect(searchTerm('   ')).toEqual({ term: undefined, tooShort: false });
  });

  it('sends a fragment of 3 or more characters, trimmed', () => {
    expect(searchTerm('  adm ')).toEqual({ term: 'adm', tooShort: false });
    expect(searchTerm('admin0007@panels')).toEqual({ term: 'admin0007@panels', tooShort: false });
  });

  it('sends a number of any length: it may be an id', () => {
    expect(searchTerm('7')).toEqual({ term: '7', tooShort: false });
  });

  it('holds back a shorter fragment and says why, as the server would', () => {
    expect(searchTerm('ab')).toEqual({ term: undefined, tooShort: true });
    expect(SEARCH_TOO_SHORT).toBe('Type at least 3 characters to search.');
  });
});
