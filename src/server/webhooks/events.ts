import type { WebhookEventType } from '../../domain/webhooks';

/**
 * What an endpoint receives. `timestamp` is when the event happened (ISO 8601, UTC), not when
 * this attempt was sent: a retried delivery carries the same body, so its signature input and
 * the receiver's deduplication on `webhook-id` see the same message every time.
 */
export interface WebhookPayload<Data = Record<string, unknown>> {
  type: WebhookEventType;
  timestamp: string;
  /** The workspace the event is about, so one receiver can serve several (docs/decisions/0023). */
  workspaceId: string;
  data: Data;
}

export function webhookPayload<Data>(
  type: WebhookEventType,
  data: Data,
  at: Date,
  workspaceId: string,
): WebhookPayload<Data> {
  return { type, timestamp: at.toISOString(), workspaceId, data };
}
