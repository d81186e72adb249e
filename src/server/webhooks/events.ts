import { z } from 'zod';

/**
 * Every event a customer's endpoint can subscribe to. A const tuple so the routes can build
 * their zod enum from it and the type below follows it; adding an event here is the whole
 * change for the schema side.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.completed',
  'order.canceled',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.canceled',
  'subscription.expired',
  'refund.requested',
  'refund.approved',
  'refund.denied',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/**
 * What an endpoint receives. `timestamp` is when the event happened (ISO 8601, UTC), not when
 * this attempt was sent: a retried delivery carries the same body, so its signature input and
 * the receiver's deduplication on `webhook-id` see the same message every time.
 */
export interface WebhookPayload<Data = Record<string, unknown>> {
  type: WebhookEventType;
  timestamp: string;
  data: Data;
}

export function webhookPayload<Data>(type: WebhookEventType, data: Data, at: Date): WebhookPayload<Data> {
  return { type, timestamp: at.toISOString(), data };
}
