import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BACKGROUND_REQUEST_HEADER } from '../../domain/constants';
import { ApiInvalidResponseError, ApiNetworkError, ApiRequestError, api } from './api';

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

  it("counts the person's requests as activity for the idle timer, never the page's own refreshes", async () => {
    // Fresh modules: a timer another test file left running in this worker may note activity
    // (at this test's fake time) in the shared ones, between this test's awaits.
    vi.resetModules();
    const { api } = await import('./api');
    const { lastActivityAt } = await import('./last-activity');
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{}', { status: 200 })),
      );
      vi.setSystemTime(new Date('2030-03-03T12:00:00.000Z'));
      await api('/api/me');
      const person = Date.now();
      vi.setSystemTime(new Date('2030-03-03T12:20:00.000Z'));
      await api('/api/me/orders', { background: true });
      expect(lastActivityAt()).toBe(person);
      await api('/api/me/orders');
      expect(lastActivityAt()).toBe(Date.now());
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends JSON bodies as JSON and an upload as it is, with its content type', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const file = new Blob(['email,password\n'], { type: 'application/vnd.ms-excel' });
    await api('/api/me/settings', { method: 'PUT', body: { a: 1 } });
    await api('/api/admin/panels/import', { upload: { file, contentType: 'text/csv' } });
    const [json, upload] = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1]);
    expect(json).toMatchObject({
      method: 'PUT',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(upload).toMatchObject({ method: 'POST', body: file, headers: { 'content-type': 'text/csv' } });
  });
});

describe('api() failures', () => {
  it('turns "no answer" into ApiNetworkError, never fetch\'s bare "Failed to fetch"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api('/api/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect((error as Error).message).toBe('Could not reach the server. Check your connection and try again.');
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('keeps a cancelled request a cancellation', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw abort;
      }),
    );
    await expect(api('/api/me', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('turns an answer the schema rejects (or that is not JSON) into ApiInvalidResponseError', async () => {
    const schema = z.object({ url: z.string() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"url":1}', { status: 200 })),
    );
    await expect(api('/api/x', { schema })).rejects.toBeInstanceOf(ApiInvalidResponseError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(api('/api/x', { schema })).rejects.toBeInstanceOf(ApiInvalidResponseError);
  });

  it("keeps an error status an ApiRequestError with the server's message", async () => {
    const body = JSON.stringify({ error: { code: 'invalid_token', message: 'Nope.' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 400 })),
    );
    await expect(api('/api/x')).rejects.toMatchObject({
      status: 400,
      code: 'invalid_token',
      message: 'Nope.',
    });
    await expect(api('/api/x')).rejects.toBeInstanceOf(ApiRequestError);
  });

  it("reads a code the list does not have, or no body in the error shape, as 'unknown'", async () => {
    const body = JSON.stringify({ error: { code: 'invalid_tokn', message: 'Nope.' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 400 })),
    );
    await expect(api('/api/x')).rejects.toMatchObject({ status: 400, code: 'unknown', message: 'Nope.' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    await expect(api('/api/x')).rejects.toMatchObject({ status: 502, code: 'unknown' });
  });
});
