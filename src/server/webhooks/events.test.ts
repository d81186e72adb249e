import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, webhookEventTypeSchema } from '../../domain/webhooks';
import { webhookPayload } from './events';

describe('webhook events', () => {
  it('lists the order, subscription, refund and panel events, once each', () => {
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(17);
    expect(new Set(WEBHOOK_EVENT_TYPES).size).toBe(WEBHOOK_EVENT_TYPES.length);
    expect(webhookEventTypeSchema.parse('subscription.past_due')).toBe('subscription.past_due');
    expect(webhookEventTypeSchema.safeParse('order.deleted').success).toBe(false);
  });

  it('builds the {type, timestamp, workspaceId, data} payload with the time of the event', () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    expect(webhookPayload('order.created', { orderId: 1 }, at, 'ws-1')).toEqual({
      type: 'order.created',
      timestamp: '2026-03-04T05:06:07.089Z',
      workspaceId: 'ws-1',
      data: { orderId: 1 },
    });
  });
});
