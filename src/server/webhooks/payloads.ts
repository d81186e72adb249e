import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../domain/webhooks';

// What each event's `data` holds (docs/decisions/0012-webhooks.md). Ids and the fields the
// customer sees on their own pages, never anything about other customers or our inventory.
// These schemas are published in the OpenAPI document's `webhooks` section (openApiWebhooks).

const money = {
  totalCents: z.number().int().describe('The order total, in cents'),
  currency: z.literal('USD'),
};

export const orderEventDataSchema = z.object({
  orderId: z.number().int(),
  status: z.string().describe('The order status: pending_payment, paid, completed, canceled, refunded'),
  planId: z.string(),
  quantity: z.number().int().describe('Panels in the order'),
  additionalPanels: z.number().int(),
  ...money,
  paymentMethod: z.string(),
  subscriptionStatus: z.string(),
  currentPeriodEnd: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderEventData = z.infer<typeof orderEventDataSchema>;

export const orderCompletedDataSchema = orderEventDataSchema.extend({
  panelIds: z.array(z.number().int()).describe('The panels delivered for the order'),
});
export const orderCanceledDataSchema = orderEventDataSchema.extend({
  cancelReason: z.string().nullable(),
});

export const subscriptionEventDataSchema = z.object({
  orderId: z.number().int(),
  planId: z.string(),
  subscriptionStatus: z.string().describe('active, past_due, canceled or expired'),
  ...money,
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionEventData = z.infer<typeof subscriptionEventDataSchema>;

export const refundEventDataSchema = z.object({
  refundRequestId: z.number().int(),
  orderId: z.number().int(),
  status: z.string().describe('requested, approved or denied'),
  reason: z.string(),
  decisionNote: z.string().nullable(),
  ...money,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RefundEventData = z.infer<typeof refundEventDataSchema>;

export const replacementEventDataSchema = z.object({
  replacementRequestId: z.number().int(),
  panelId: z.number().int().describe('The panel reported'),
  orderId: z.number().int(),
  status: z.string().describe('open, replaced or rejected'),
  reason: z.string().describe('cannot_sign_in, suspended, low_capacity or other'),
  newPanelId: z.number().int().nullable().describe('The panel that replaced it, once replaced'),
  createdAt: z.string(),
  replacedAt: z.string().nullable(),
  rejectionReason: z
    .string()
    .nullable()
    .describe('Why it was rejected, in the words the customer reads; null unless rejected'),
});
export type ReplacementEventData = z.infer<typeof replacementEventDataSchema>;

export const panelEventDataSchema = z.object({
  panelId: z.number().int(),
  orderId: z.number().int(),
  email: z.string().describe("The panel's sign-in address, as the dashboard shows it"),
  status: z.enum(['active', 'expired']).describe('active until its period ends, then expired'),
  cancelAtPeriodEnd: z.boolean(),
  renewsAt: z
    .string()
    .nullable()
    .describe('The period end while the panel renews; null once canceled or ended'),
  endsAt: z.string().nullable().describe('When a canceled panel stops, or when it ended'),
});
export type PanelEventData = z.infer<typeof panelEventDataSchema>;

export const testEventDataSchema = z.object({ endpointId: z.number().int(), message: z.string() });

/** The data schema of each event type. */
export const webhookDataSchemas = {
  'order.created': orderEventDataSchema,
  'order.paid': orderEventDataSchema,
  'order.completed': orderCompletedDataSchema,
  'order.canceled': orderCanceledDataSchema,
  'subscription.renewed': subscriptionEventDataSchema,
  'subscription.past_due': subscriptionEventDataSchema,
  'subscription.canceled': subscriptionEventDataSchema,
  'subscription.expired': subscriptionEventDataSchema,
  'refund.requested': refundEventDataSchema,
  'refund.approved': refundEventDataSchema,
  'refund.denied': refundEventDataSchema,
  'panel.replacement_requested': replacementEventDataSchema,
  'panel.replaced': replacementEventDataSchema,
  'panel.replacement_rejected': replacementEventDataSchema,
  'panel.canceled': panelEventDataSchema,
  'panel.resumed': panelEventDataSchema,
  'panel.expired': panelEventDataSchema,
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookData<T extends WebhookEventType> = z.infer<(typeof webhookDataSchemas)[T]>;

/**
 * The OpenAPI 3.1 `webhooks` object: one POST per event, its body `{type, timestamp, data}`
 * and the Standard Webhooks headers, so a customer's generator sees what will arrive.
 */
export function openApiWebhooks(): Record<string, unknown> {
  const headers = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
    name,
    in: 'header',
    required: true,
    schema: { type: 'string' },
  }));
  const events: [string, z.ZodType][] = [
    ...WEBHOOK_EVENT_TYPES.map((type): [string, z.ZodType] => [type, webhookDataSchemas[type]]),
    ['webhook.test', testEventDataSchema],
  ];
  return Object.fromEntries(
    events.map(([type, data]) => [
      type,
      {
        post: {
          summary: `The ${type} event`,
          parameters: headers,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(z.object({ type: z.literal(type), timestamp: z.string(), data }), {
                  io: 'input',
                }),
              },
            },
          },
          responses: { '2XX': { description: 'Received; any other answer is retried' } },
        },
      },
    ]),
  );
}
