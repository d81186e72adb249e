import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient, testAppForSuite } from '../testing/test-app';

/**
 * The routes whose success is not a JSON body, each with why. Hidden from the document and so
 * not listed: /api/openapi.json itself.
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/email-preferences/unsubscribe': 'a 303 redirect to the page that turns the preference off',
  'GET /api/auth/reset-password/{token}': "the e-mailed reset link: a 302 redirect to the site's reset page",
  'GET /api/me/invoices/{paymentId}/pdf': 'a PDF file',
  'GET /api/me/credit-notes/{creditNoteId}/pdf': 'a PDF file',
  'GET /api/admin/credit-notes/{creditNoteId}/pdf': 'a PDF file',
  'GET /api/admin/orders/export': 'a CSV file (D12)',
  'GET /api/admin/panels/export': 'a CSV file (D12)',
};

const t = testAppForSuite();
beforeAll(async () => {
  await t.app.ready();
});

type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };

/** Every operation under /api in the OpenAPI document, as 'GET /api/...'. */
async function operations(): Promise<Map<string, Operation>> {
  const res = await new TestClient(t.app).get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  const paths: Record<string, Record<string, Operation>> = res.json().paths;
  const all = new Map<string, Operation>();
  for (const [path, byMethod] of Object.entries(paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(byMethod))
      all.set(`${method.toUpperCase()} ${path}`, operation);
  }
  return all;
}

describe('one contract per endpoint (D14)', () => {
  it('declares a 2xx JSON response schema (or a 204) for every /api route', async () => {
    const missing = [...(await operations())]
      .filter(([name]) => !(name in NOT_JSON))
      .filter(([, operation]) => {
        const success = Object.entries(operation.responses ?? {}).filter(([code]) => code.startsWith('2'));
        // A declared 204 is a contract too: it promises no body.
        return !success.some(
          ([code, response]) => code === '204' || response.content?.['application/json'] !== undefined,
        );
      })
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('lists only routes that exist as exceptions', async () => {
    const all = await operations();
    expect(Object.keys(NOT_JSON).filter((name) => !all.has(name))).toEqual([]);
  });
});
