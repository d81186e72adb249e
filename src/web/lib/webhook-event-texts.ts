import type { WebhookEventType } from '../../domain/webhooks';

/**
 * What each webhook event means, in a line: the settings page's checkboxes and the webhooks
 * section of /docs/api say the same.
 */
export const WEBHOOK_EVENT_TEXTS: Record<WebhookEventType, string> = {
  'order.created': 'An order was placed and is waiting for payment.',
  'order.paid': 'An order’s payment arrived.',
  'order.completed': 'An order’s panels were delivered.',
  'order.canceled': 'An order was canceled before it was completed.',
  'subscription.renewed': 'A subscription was paid for another period.',
  'subscription.past_due': 'A renewal payment failed; the subscription is past due.',
  'subscription.canceled': 'A subscription was canceled.',
  'subscription.expired': 'A subscription ended and its panels stopped.',
  'refund.requested': 'A refund was requested.',
  'refund.approved': 'A refund was approved.',
  'refund.denied': 'A refund request was declined.',
  'panel.replacement_requested': 'A problem with a panel was reported and a replacement asked for.',
  'panel.replaced': 'A reported panel was replaced by a new one.',
  'panel.replacement_rejected': 'A replacement request was declined, with the reason.',
  'panel.canceled': 'A panel was canceled; it stays active until its period ends.',
  'panel.resumed': 'A canceled panel was resumed and renews again.',
  'panel.expired': 'A canceled panel reached its period end and stopped.',
};
