import { z } from 'zod';
import { rowIdParamSchema } from '../input-bounds';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  webhookEventTypeSchema,
} from '../webhooks';

// The signed-in customer's webhook endpoints (docs/decisions/0012-webhooks.md): declared by
// the server, checked by the web app. Whether a URL may be used at all (https, public
// address) is the server's judgement at saving and at every delivery; here only its form.

export const createWebhookBodySchema = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the URL that should receive the events.')
    .max(MAX_WEBHOOK_URL_LENGTH, `A webhook URL is at most ${MAX_WEBHOOK_URL_LENGTH} characters.`)
    .url('Enter a full URL, such as https://example.com/webhooks.'),
  events: z
    .array(webhookEventTypeSchema)
    .min(1, 'Choose at least one event.')
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((events) => new Set(events).size === events.length, 'Each event is listed once.'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  createdAt: z.string(),
  /** Set when the endpoint failed every delivery for 3 days and was turned off. */
  disabledAt: z.string().nullable(),
  /** The start of its current run of failed deliveries; null while the last one succeeded. */
  failingSince: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** The one answer that carries the signing secret: shown this once. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({
  secret: z.string().describe('whsec_ and the base64 of the signing key, shown this once'),
});

export const webhookParamsSchema = z.strictObject({ endpointId: rowIdParamSchema });
export const webhookDeliveryParamsSchema = z.strictObject({
  endpointId: rowIdParamSchema,
  deliveryId: rowIdParamSchema,
});

/** One message to one endpoint, with its latest attempt. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The webhook-id header: the same on every attempt of this message. */
  messageId: z.string(),
  eventType: z.union([webhookEventTypeSchema, z.literal('webhook.test')]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the latest attempt; null before one, or when none came back. */
  responseStatus: z.number().int().nullable(),
  /** Why the latest attempt failed when no status came back (timeout, network, refused address). */
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
