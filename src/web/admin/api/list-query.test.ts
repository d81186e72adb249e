import { describe, expect, it } from 'vitest';
import { withQuery } from './list-query';

describe('withQuery', () => {
  it('leaves out unset and empty values (the server refuses "status=")', () => {
    expect(withQuery('/api/admin/panels', { search: undefined, status: '', page: 1 })).toBe(
      '/api/admin/panels?page=1',
    );
    expect(withQuery('/api/admin/panels/export', {})).toBe('/api/admin/panels/export');
  });

  it('encodes what an admin typed', () => {
    expect(withQuery('/api/admin/panels', { search: 'a+b@x.example & co', status: 'sold' })).toBe(
      '/api/admin/panels?search=a%2Bb%40x.example+%26+co&status=sold',
    );
  });
});
