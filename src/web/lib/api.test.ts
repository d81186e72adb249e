import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_REQUEST_HEADER } from '../../domain/constants';
import { api } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api()', () => {
  it('marks the requests a page makes by itself, and only those', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await api('/api/me', { background: true });
    await api('/api/me');
    const headers = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers);
    expect(headers[0]).toMatchObject({ [BACKGROUND_REQUEST_HEADER]: '1' });
    expect(headers[1]).not.toHaveProperty(BACKGROUND_REQUEST_HEADER);
  });
});
