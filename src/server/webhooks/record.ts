import { randomBytes } from 'node:crypto';
import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import type { WebhookEventType } from '../../domain/webhooks';
import { webhookEndpoints, webhookMessages } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';
import { webhookPayload } from './events';
import type { WebhookData } from './payloads';

/** The webhook-id of a new message: `msg_` and 144 random bits, in signature.ts's alphabet. */
export function newWebhookMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/**
 * Writes one message per enabled endpoint of the user subscribed to `type`, in the caller's
 * transaction: the messages exist exactly when the change they report committed
 * (docs/decisions/0012-webhooks.md, docs/decisions/0007-durable-outbox.md). The body is
 * serialised here, once, so every attempt and resend sends the same bytes. A user with no
 * endpoint costs one indexed read. Returns how many messages were written.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(
  tx: TxOrDb,
  userId: string | null,
  type: T,
  data: WebhookData<T>,
  at: Date,
): Promise<number> {
  // An anonymised order (its owner deleted the account) has nobody to tell.
  if (!userId) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
  if (endpoints.length === 0) return 0;
  const body = JSON.stringify(webhookPayload(type, data, at));
  await tx.insert(webhookMessages).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId: newWebhookMessageId(),
      eventType: type,
      body,
      nextAttemptAt: at,
      createdAt: at,
    })),
  );
  return endpoints.length;
}
