import { randomBytes } from 'node:crypto';
import { and, arrayContains, inArray, isNull } from 'drizzle-orm';
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
 * Writes one message per enabled endpoint of the workspace subscribed to `type`, in the caller's
 * transaction: the messages exist exactly when the change they report committed
 * (docs/decisions/0012-webhooks.md, docs/decisions/0007-durable-outbox.md). The body is
 * serialised here, once, so every attempt and resend sends the same bytes. A workspace with no
 * endpoint costs one indexed read. Returns how many messages were written.
 */
export function recordWebhookEvent<T extends WebhookEventType>(
  tx: TxOrDb,
  workspaceId: string | null,
  type: T,
  data: WebhookData<T>,
  at: Date,
): Promise<number> {
  return recordWebhookEvents(tx, type, [{ workspaceId, data }], at);
}

/**
 * The same for several events of one type (an allocation that completes a thousand orders):
 * one read finds every subscribed endpoint of their owners, one insert writes the messages.
 * An event's own `at` (a batch of payments, each at the moment it was received) replaces `at`.
 */
export async function recordWebhookEvents<T extends WebhookEventType>(
  tx: TxOrDb,
  type: T,
  events: readonly { workspaceId: string | null; data: WebhookData<T>; at?: Date }[],
  at: Date,
): Promise<number> {
  // An anonymised order (its owner deleted the account) has nobody to tell (webhookOwner).
  const owners = [...new Set(events.flatMap((e) => (e.workspaceId ? [e.workspaceId] : [])))];
  if (owners.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, workspaceId: webhookEndpoints.workspaceId })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.workspaceId, owners),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
  if (endpoints.length === 0) return 0;
  const messages = events.flatMap((event) => {
    const { workspaceId } = event;
    const mine = endpoints.filter((endpoint) => endpoint.workspaceId === workspaceId);
    if (mine.length === 0 || !workspaceId) return [];
    const when = event.at ?? at;
    const body = JSON.stringify(webhookPayload(type, event.data, when, workspaceId));
    return mine.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId: newWebhookMessageId(),
      eventType: type,
      body,
      nextAttemptAt: when,
      createdAt: when,
    }));
  });
  if (messages.length > 0) await tx.insert(webhookMessages).values(messages);
  return messages.length;
}

/**
 * Whom an order's events go to: its workspace, unless the order was anonymised (its customer
 * deleted the account), which leaves nobody to tell.
 */
export function webhookOwner(order: { userId: string | null; workspaceId: string | null }): string | null {
  return order.userId === null ? null : order.workspaceId;
}
