import { createHmac, randomBytes } from 'node:crypto';
import { type SandboxEvent, sandboxEventSchema } from '../../../domain/api/provider-events';
import type { ProviderEvent } from '../events';
import { signPayload, verifySignature } from './signature';

/** The sandbox's webhook signing secret, derived from the session secret. */
export function sandboxWebhookSecret(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('sandbox-webhook-signing').digest('hex');
}

export function newSandboxEventId(): string {
  return `evt_sandbox_${randomBytes(12).toString('hex')}`;
}

/** What the sandbox "sends": the JSON body and its signature header. */
export function signSandboxEvent(event: SandboxEvent, secret: string): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: signPayload(body, secret) };
}

/** Verifies and translates a sandbox webhook; throws SignatureError or a zod error. */
export function readSandboxEvent(body: string, signature: string | undefined, secret: string): ProviderEvent {
  verifySignature(body, signature, secret);
  const event = sandboxEventSchema.parse(JSON.parse(body));
  if (event.type === 'checkout.session.completed') {
    return {
      provider: 'sandbox',
      id: event.id,
      event: {
        type: 'checkout.completed',
        orderId: event.data.orderId,
        sessionId: event.data.sessionId,
        chargeId: event.data.chargeId,
        amountCents: event.data.amountCents,
      },
    };
  }
  return {
    provider: 'sandbox',
    id: event.id,
    event: {
      type: 'checkout.expired',
      orderId: event.data.orderId,
      sessionId: event.data.sessionId,
      ...(event.data.canceledByCustomer ? { canceledByCustomer: true } : {}),
    },
  };
}
