import type { FastifyInstance } from 'fastify';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent } from '../../domain/api/provider-events';
import { newSandboxEventId, sandboxWebhookSecret } from '../payments/sandbox/events';
import { signPayload } from '../payments/sandbox/signature';
import type { Secrets } from '../secrets';

/** A paid sandbox checkout as the sandbox reports it: $500 and charge `ch_<session>` unless named. */
export function checkoutCompleted(
  orderId: number,
  sessionId: string,
  options: { amountCents?: number; chargeId?: string } = {},
): SandboxEvent {
  const { amountCents = 50_000, chargeId = `ch_${sessionId}` } = options;
  return {
    id: newSandboxEventId(),
    type: 'checkout.session.completed',
    data: { orderId, sessionId, amountCents, chargeId },
  };
}

/**
 * Posts an event to the app's sandbox webhook the way the sandbox does: its JSON (or `body`,
 * sent as it is), signed with the app's own webhook secret (or `secret`) at `timestamp`.
 * The webhook answers once the event is recorded; this then runs the workers' round the answer
 * woke, so the event is applied when it returns (`applied: false` leaves that to the test).
 */
export async function postSandboxEvent(
  t: { app: FastifyInstance; secrets: Secrets },
  event: SandboxEvent,
  options: { secret?: string; timestamp?: number; body?: string; applied?: boolean } = {},
) {
  const response = await signedPost(t, event, options);
  if (options.applied !== false) await t.app.paymentEvents.run();
  return response;
}

function signedPost(
  t: { app: FastifyInstance; secrets: Secrets },
  event: SandboxEvent,
  options: { secret?: string; timestamp?: number; body?: string },
) {
  const body = options.body ?? JSON.stringify(event);
  const secret = options.secret ?? sandboxWebhookSecret(t.secrets.sessionSecret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signPayload(body, secret, options.timestamp),
    },
    payload: body,
  });
}
