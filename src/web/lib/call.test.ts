import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { adminCreditNotesApi, adminPanelsApi, adminRefundsApi } from '../../domain/api/admin/endpoints';
import { accountApi, apiKeysApi, myOrdersApi, webhooksApi } from '../../domain/api/endpoints';
import { BACKGROUND_REQUEST_HEADER } from '../../domain/constants';
import { ApiInvalidResponseError, ApiNetworkError, ApiRequestError } from './api';
import { call } from './call';

afterEach(() => vi.unstubAllGlobals());

/** fetch answering `body` with `status`, recording what was asked. */
function answer(body: unknown, status = 200) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const settings = {
  emailNotifications: true,
  marketingEmails: false,
  orderUpdates: true,
  sessionTimeout: true,
};

describe('call()', () => {
  it('takes the method and path from the declaration, encodes :params and sends no body when none is declared', async () => {
    const fetch = answer({ url: 'https://checkout.example/cs_1' });
    await call(myOrdersApi.resumeCheckout, { params: { orderId: 12 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/me/orders/12/checkout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(init.body).toBeUndefined();
  });

  it('serialises the query and sends the declared body as JSON', async () => {
    const page = { orders: [], page: 2, pageSize: 10, total: 0, pageCount: 0 };
    const fetch = answer(page);
    expect(await call(myOrdersApi.page, { query: { page: 2, status: undefined } })).toEqual(page);
    expect(fetch.mock.calls[0]![0]).toBe('/api/me/orders?page=2');

    const sent = answer(settings);
    await call(accountApi.saveSettings, { body: settings });
    expect(sent.mock.calls[0]![1]).toMatchObject({
      method: 'PUT',
      body: JSON.stringify(settings),
      headers: { 'content-type': 'application/json' },
    });
  });

  it('uploads a file with the content type the endpoint consumes', async () => {
    const fetch = answer({ accepted: 0, rejected: [], filledOrders: [] });
    const file = new Blob(['email,password\n'], { type: 'application/vnd.ms-excel' });
    await call(adminPanelsApi.importCsv, { upload: file }).catch(() => undefined);
    expect(fetch.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: file,
      headers: { 'content-type': 'text/csv' },
    });
  });

  it('marks background requests as api() does', async () => {
    const fetch = answer({ user: null, workspace: null });
    await call(accountApi.me, { background: true });
    expect(fetch.mock.calls[0]![1].headers).toMatchObject({ [BACKGROUND_REQUEST_HEADER]: '1' });
  });

  it('checks the answer against the declared success schema, 204 included', async () => {
    answer({ keys: [{ id: 'not a number' }] });
    await expect(call(apiKeysApi.list)).rejects.toBeInstanceOf(ApiInvalidResponseError);
    answer(undefined, 204);
    expect(await call(apiKeysApi.revoke, { params: { keyId: 4 } })).toBeNull();
    answer({ unexpected: true }, 200);
    await expect(call(apiKeysApi.revoke, { params: { keyId: 4 } })).rejects.toBeInstanceOf(
      ApiInvalidResponseError,
    );
  });

  it("keeps an error status an ApiRequestError with the server's words, declared or not", async () => {
    answer({ error: { code: 'refund_decided', message: 'Already decided.' } }, 409);
    await expect(call(adminRefundsApi.approve, { params: { id: 1 } })).rejects.toMatchObject({
      status: 409,
      code: 'refund_decided',
      message: 'Already decided.',
    });
    answer({ error: { code: 'unauthorized', message: 'Please sign in.' } }, 401);
    await expect(call(webhooksApi.list)).rejects.toBeInstanceOf(ApiRequestError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(webhooksApi.list)).rejects.toBeInstanceOf(ApiNetworkError);
  });

  it('types the input and the result from the declaration', async () => {
    answer({ endpoints: [] });
    const listed = await call(webhooksApi.list);
    expectTypeOf(listed.endpoints).toBeArray();
    answer(undefined, 204);
    expectTypeOf(await call(apiKeysApi.revoke, { params: { keyId: 1 } })).toBeNull();
    // @ts-expect-error: the revoke path needs its :keyId
    await call(apiKeysApi.revoke).catch(() => undefined);
    // @ts-expect-error: a settings save needs its body
    await call(accountApi.saveSettings).catch(() => undefined);
    // @ts-expect-error: the body is checked against the declared schema's input
    await call(accountApi.saveSettings, { body: { ...settings, sessionTimeout: 30 } }).catch(() => undefined);
    // @ts-expect-error: a PDF has no JSON answer: its path goes in a link (pathOf)
    await expect(call(adminCreditNotesApi.pdf, { params: { creditNoteId: 1 } })).rejects.toThrow();
  });
});
