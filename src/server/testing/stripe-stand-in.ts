import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { TestClient } from './test-app';

/*
 * Stripe without the network: the real SDK talks to a local stand-in, and webhooks are signed
 * with the SDK's own test helper. The stand-in answers Checkout itself (every Stripe test buys
 * through it); each test file adds the other endpoints it needs, answered the way that file's
 * cases want.
 */

export const STRIPE_SECRET_KEY = 'sk_test_panelhub';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_panelhub';

export interface StandInRequest {
  method: string;
  /** The path without its query. */
  path: string;
  url: URL;
  body: string;
  headers: IncomingMessage['headers'];
}

/** Answers one request and returns true, or returns false to leave it to the stand-in. */
export type StandInRoute = (req: StandInRequest, res: ServerResponse) => boolean;

export interface StripeStandIn {
  apiUrl: string;
  /** The Checkout sessions created so far, by id; a test may replace one to change its answer. */
  sessions: Map<string, Record<string, unknown>>;
  /** The form of every Checkout session created, oldest first. */
  checkoutForms: URLSearchParams[];
  /** Every call answered, as "METHOD /path". */
  calls: string[];
  /** The config that points the app at this stand-in. */
  config: Record<string, string>;
  close(): Promise<void>;
}

export function stripeError(res: ServerResponse, status: number, message: string): true {
  res.statusCode = status;
  res.end(
    JSON.stringify({ error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } }),
  );
  return true;
}

function checkoutSession(id: string, form: URLSearchParams): Record<string, unknown> {
  return {
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.test/c/pay/${id}`,
    status: 'open',
    payment_status: 'unpaid',
    mode: 'subscription',
    client_reference_id: form.get('client_reference_id'),
    metadata: { orderId: form.get('metadata[orderId]') },
    amount_total: [0, 1].reduce((total, line) => {
      const unit =
        form.get(`line_items[${line}][price_data][unit_amount]`) ??
        form.get(`line_items[${line}][price_data][unit_amount_decimal]`) ??
        0;
      return total + Math.round(Number(unit) * Number(form.get(`line_items[${line}][quantity]`) ?? 0));
    }, 0),
    invoice: null,
    subscription: null,
    customer: null,
  };
}

export async function startStripeStandIn(options: {
  /** Prefix of the Checkout session ids, so a test can tell its sessions apart. */
  sessionPrefix: string;
  routes: StandInRoute;
}): Promise<StripeStandIn> {
  const sessions = new Map<string, Record<string, unknown>>();
  const checkoutForms: URLSearchParams[] = [];
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const path = url.pathname;
      calls.push(`${method} ${path}`);
      if (method === 'POST' && path === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        checkoutForms.push(form);
        const id = `${options.sessionPrefix}${sessions.size + 1}`;
        const session = checkoutSession(id, form);
        sessions.set(id, session);
        res.end(JSON.stringify(session));
        return;
      }
      if (options.routes({ method, path, url, body, headers: req.headers }, res)) return;
      const session = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(path)?.[1];
      if (method === 'GET' && session && sessions.has(session)) {
        res.end(JSON.stringify(sessions.get(session)));
        return;
      }
      stripeError(res, 404, 'No such resource');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    apiUrl,
    sessions,
    checkoutForms,
    calls,
    config: {
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: apiUrl,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signer = new Stripe('sk_test_signer');

/** Posts a webhook event to the app, signed as Stripe would sign it. */
export async function deliverStripeEvent(
  app: FastifyInstance,
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; secret?: string } = {},
) {
  const response = await signedStripePost(app, type, object, options);
  // The webhook answers once the event is recorded; the workers' round it woke applies it.
  await app.paymentEvents.run();
  return response;
}

function signedStripePost(
  app: FastifyInstance,
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; secret?: string },
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
  });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

/**
 * Starts the card checkout the Stripe suites buy with: the pro plan and 3 add-ons (8 panels,
 * $2,900). Returns the order, the checkout URL and the stand-in's session id (the URL's end).
 */
export async function startCardCheckout(c: TestClient) {
  const res = await c.post('/api/checkout', { planId: 'pro', additionalPanels: 3, method: 'card' });
  expect(res.statusCode).toBe(200);
  const { url, orderId } = res.json() as { url: string; orderId: number };
  return { url, orderId, sessionId: url.split('/').at(-1)! };
}

/** The line items a Checkout session was created with, read from its form (checkoutForms). */
export function checkoutLines(form: URLSearchParams) {
  return [0, 1].map((line) => {
    const field = (name: string) => form.get(`line_items[${line}]${name}`);
    return {
      quantity: field('[quantity]'),
      unitAmount: field('[price_data][unit_amount]'),
      interval: field('[price_data][recurring][interval]'),
      /** Which of our lines it is, in its product's metadata: plan or addon. */
      line: field('[price_data][product_data][metadata][panelhub_line]'),
    };
  });
}

/**
 * A session of `sessions` as Stripe reports it once paid: its subscription, its customer and its
 * first invoice named after it (`sub_<id>`, `cus_<id>`, `in_first_<id>`), with `extra` on top.
 */
export const paidSession = (
  sessions: StripeStandIn['sessions'],
  sessionId: string,
  extra: Record<string, unknown> = {},
) => ({
  ...sessions.get(sessionId),
  status: 'complete',
  payment_status: 'paid',
  invoice: `in_first_${sessionId}`,
  subscription: `sub_${sessionId}`,
  customer: `cus_${sessionId}`,
  ...extra,
});

/**
 * Customer balance transactions (POST /v1/customers/:id/balance_transactions) for a stand-in's
 * `routes`: each one answered is recorded with its idempotency key; `failNext` answers that
 * many with a 500 first, as a Stripe outage would.
 */
export function balanceTransactions() {
  const created: { customer: string; amount: number; currency: string; description: string; key: string }[] =
    [];
  const byKey = new Map<string, string>();
  const state = {
    created,
    failNext: 0,
    route: ((req, res) => {
      const customer = /^\/v1\/customers\/(\w+)\/balance_transactions$/.exec(req.path)?.[1];
      if (req.method !== 'POST' || !customer) return false;
      if (state.failNext > 0) {
        state.failNext--;
        return stripeError(res, 500, 'Stripe is having a moment');
      }
      const key = String(req.headers['idempotency-key'] ?? '');
      // Stripe answers a repeated key with the first result, never a second transaction.
      let id = byKey.get(key);
      if (!id) {
        id = `cbtxn_${created.length + 1}`;
        byKey.set(key, id);
        const form = new URLSearchParams(req.body);
        created.push({
          customer,
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          description: form.get('description') ?? '',
          key,
        });
      }
      res.end(JSON.stringify({ id, object: 'customer_balance_transaction', customer }));
      return true;
    }) as StandInRoute,
  };
  return state;
}

/** A subscription item as Stripe answers it, its price's product naming our line (plan or add-on). */
export function stripeSubscriptionItem(item: {
  id: string;
  quantity: number;
  unit: number;
  product?: string;
  line?: string | undefined;
  periodStart?: number | undefined;
}) {
  return {
    id: item.id,
    object: 'subscription_item',
    quantity: item.quantity,
    ...(item.periodStart ? { current_period_start: item.periodStart } : {}),
    price: {
      id: `price_${item.id}`,
      object: 'price',
      currency: 'usd',
      unit_amount: item.unit,
      unit_amount_decimal: String(item.unit),
      product: {
        id: item.product ?? `prod_${item.id}`,
        object: 'product',
        metadata: item.line ? { panelhub_line: item.line } : {},
      },
    },
  };
}
