import { describe, expect, it } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER, STRIPE_SIGNATURE_HEADER } from '../../domain/api/provider-events';
import { stripeShopForSuite } from '../testing/stripe-shop';
import { type TestApp, TestClient, testAppForSuite } from '../testing/test-app';

/*
 * The payment providers' callbacks in the OpenAPI document: listed like any operation, with no
 * session or key, the signature header required, the event as the body, and the answers a
 * provider acts on (200 recorded, 503 deliver again). This suite runs on the sandbox; the Stripe
 * callback is served, and so listed, only with Stripe configured.
 */

interface EventSchema {
  required?: string[];
  /** One per event type, where the provider's events are told apart by their type. */
  oneOf?: EventSchema[];
}

interface Operation {
  security?: unknown[];
  description?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema?: EventSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}

async function callbackOf(t: TestApp, path: string): Promise<Operation | undefined> {
  const res = await new TestClient(t.app).get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  return res.json().paths[path]?.post;
}

/** The refusal codes the document gives for a status. */
const codesAt = (operation: Operation, status: string) =>
  JSON.stringify(operation.responses[status]?.content?.['application/json']?.schema ?? {}).match(
    /"code":\{"type":"string","enum":\[([^\]]*)\]/,
  )?.[1];

function expectProviderCallback(operation: Operation | undefined, header: string) {
  expect(operation).toBeDefined();
  if (!operation) return;
  expect(operation.security).toEqual([]);
  expect(operation.description).toMatch(/no session or API key/);
  expect(operation.parameters).toContainEqual(
    expect.objectContaining({ name: header, in: 'header', required: true }),
  );
  const event = operation.requestBody?.content['application/json']?.schema;
  expect(event).toBeDefined();
  for (const variant of event?.oneOf ?? [event]) {
    expect(variant?.required).toEqual(expect.arrayContaining(['id', 'type', 'data']));
  }
  expect(Object.keys(operation.responses)).toEqual(
    expect.arrayContaining(['200', '400', '413', '415', '503']),
  );
  expect(operation.responses['503']?.description).toMatch(/not_recorded: /);
}

describe('the sandbox callback in the document', () => {
  const t = testAppForSuite();

  it('is an operation of its own: signature header, event body, receipt and refusals', async () => {
    const operation = await callbackOf(t, '/api/webhooks/sandbox');
    expectProviderCallback(operation, SANDBOX_SIGNATURE_HEADER);
    if (!operation) return;
    expect(codesAt(operation, '400')).toBe('"invalid_event","invalid_json","validation_error"');
  });
});

describe('the Stripe callback in the document', () => {
  const shop = stripeShopForSuite({ sessionPrefix: 'cs_doc_', routes: () => false, stock: 0 });

  it('lists its own refusals, and a 503 that is either an event not recorded or a missing secret', async () => {
    const operation = await callbackOf(shop.t, '/api/webhooks/stripe');
    expectProviderCallback(operation, STRIPE_SIGNATURE_HEADER);
    if (!operation) return;
    expect(codesAt(operation, '400')).toBe('"invalid_json","invalid_signature","validation_error"');
    expect(codesAt(operation, '503')).toBe('"not_configured","not_recorded"');
    expect(operation.responses['503']?.description).toMatch(/not_configured: /);
  });
});
