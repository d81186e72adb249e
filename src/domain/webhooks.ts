import { z } from 'zod';

// Customer webhooks (docs/decisions/0012-webhooks.md): the events an endpoint can subscribe to
// and the limits the settings page and the server share.

/**
 * Every event a customer's endpoint can subscribe to. A const tuple so the routes build their
 * zod enum from it, the database CHECK follows it, and the settings page lists it.
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
  'panel.replacement_requested',
  'panel.replaced',
  'panel.replacement_rejected',
  'panel.canceled',
  'panel.resumed',
  'panel.expired',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/** Endpoints one account may have at a time. */
export const MAX_WEBHOOK_ENDPOINTS_PER_USER = 10;

/**
 * Test events and resends one endpoint may be sent a minute, together: enough to check a
 * receiver, too few to use us to flood a host (each is a request from our servers).
 */
export const WEBHOOK_SENDS_PER_MINUTE = 10;

/** How many of an endpoint's latest deliveries its log keeps and shows. */
export const WEBHOOK_DELIVERY_LOG_SIZE = 100;

/** The longest URL an endpoint may have. */
export const MAX_WEBHOOK_URL_LENGTH = 2_000;

/** The states of one delivery attempt's message, as the log shows them. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
