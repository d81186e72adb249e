/**
 * The part of the app a burst of payments goes through, in this process: the sandbox webhook
 * route as the app serves it (createHttpApp, the route plugin, signature check), the intake it
 * records into, and the workers' rounds that apply the events and allocate (the payments
 * service and the fulfillment runner, as ROLE=all wires them). The e-mails are queued in the
 * database as in production; sending them is not measured, as in the other benches.
 */

import { and, count, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent } from '../../src/domain/api/provider-events';
import type { Config } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { paymentEventIntake } from '../../src/server/db/schema';
import type { AccessGuards } from '../../src/server/http/access-guards';
import { createPaymentsService } from '../../src/server/payment-events/service';
import { webhookRoutes } from '../../src/server/payment-events/webhook-routes';
import { sandboxWebhookSecret, signSandboxEvent } from '../../src/server/payments/sandbox/events';
import { createFulfillmentRunner } from '../../src/server/provisioning/fulfillment-runner';
import { createHttpApp } from '../../src/server/wiring/http';

export interface Shop {
  /** Posts one signed event to the sandbox webhook; resolves with the HTTP status and body. */
  post(signed: { body: string; signature: string }): Promise<{ status: number; body: string }>;
  sign(event: SandboxEvent): { body: string; signature: string };
  /** Runs the workers' rounds until no event is pending (their allocations included). */
  drain(): Promise<void>;
  /** Allocation rounds that handed out panels, and errors the workers logged. */
  sweeps(): number;
  errors: Map<string, number>;
  fulfillmentRun(): Promise<unknown>;
  close(): Promise<void>;
}

/** Provider callbacks have no session or key: their handler checks the signature. */
const unused = async () => {
  throw new Error('a provider callback has no guard');
};
const noGuards: AccessGuards = {
  loadSession: unused,
  requireUser: unused,
  requireAdmin: unused,
  requireMember: () => unused,
  requireKey: unused,
  requireScope: () => unused,
  requireKeyPermission: () => unused,
};

export async function openShop(handle: DatabaseHandle, config: Config, sessionSecret: string): Promise<Shop> {
  let sweeps = 0;
  const errors = new Map<string, number>();
  const noteError = (text: string) => errors.set(text, (errors.get(text) ?? 0) + 1);
  const noop = () => {};
  const log = {
    info: (_obj: unknown, msg?: string) => {
      if (msg === 'fulfillment sweep assigned panels') sweeps++;
    },
    warn: (obj: unknown, msg?: string) => noteError(`${msg}: ${(obj as { reason?: string }).reason ?? ''}`),
    error: (obj: unknown, msg?: string) =>
      noteError(
        `${msg ?? 'error'}: ${String((obj as { err?: unknown; reason?: unknown }).err ?? (obj as { reason?: unknown }).reason)}`,
      ),
  };
  const outbox = { kick: noop };
  const now = () => new Date();
  const fulfillment = createFulfillmentRunner({ config, db: handle.db, outbox, log, now });
  const payments = createPaymentsService({ config, db: handle.db, outbox, fulfillment, log, now });
  const secret = sandboxWebhookSecret(sessionSecret);
  const app: FastifyInstance = await createHttpApp({ config });
  await app.register(
    webhookRoutes({ guards: noGuards, sandboxSecret: secret, stripe: null, receive: payments.receive }),
  );
  await app.ready();

  /** Events the workers could take now (one deferred for a retry is counted as not applied). */
  const due = async () => {
    const [row] = await handle.db
      .select({ n: count() })
      .from(paymentEventIntake)
      .where(
        and(eq(paymentEventIntake.status, 'pending'), lte(paymentEventIntake.nextAttemptAt, sql`now()`)),
      );
    return row?.n ?? 0;
  };

  return {
    sign: (event) => signSandboxEvent(event, secret),
    async post({ body, signature }) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      return { status: res.statusCode, body: res.body };
    },
    async drain() {
      do await payments.events.run();
      while ((await due()) > 0);
    },
    sweeps: () => sweeps,
    errors,
    fulfillmentRun: () => fulfillment.run(),
    async close() {
      await payments.events.stop();
      await fulfillment.stop();
      await app.close();
    },
  };
}
