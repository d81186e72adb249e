import type { WebhookDelivery, WebhookEndpoint } from '../../../domain/api/webhooks';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks';
import type { BadgeTone } from '../../ui/badge';

// How the settings page words an endpoint's health and a delivery's outcome.

export interface StatusText {
  tone: BadgeTone;
  label: string;
}

/** Disabled beats failing: a disabled endpoint gets nothing until it is made again. */
export function endpointStatus(
  endpoint: Pick<WebhookEndpoint, 'disabledAt' | 'failingSince'>,
  format: (iso: string) => string,
): StatusText {
  if (endpoint.disabledAt !== null)
    return { tone: 'danger', label: `Disabled ${format(endpoint.disabledAt)}` };
  if (endpoint.failingSince !== null) {
    return { tone: 'warning', label: `Failing since ${format(endpoint.failingSince)}` };
  }
  return { tone: 'success', label: 'Active' };
}

/** 'All 11 events', '1 event', '3 events'. */
export function eventsSummary(events: readonly string[]): string {
  if (events.length === WEBHOOK_EVENT_TYPES.length) return `All ${events.length} events`;
  return events.length === 1 ? '1 event' : `${events.length} events`;
}

const DELIVERY_STATUS: Record<WebhookDelivery['status'], StatusText> = {
  pending: { tone: 'neutral', label: 'Pending' },
  delivered: { tone: 'success', label: 'Delivered' },
  failed: { tone: 'warning', label: 'Retrying' },
  dead: { tone: 'danger', label: 'Failed' },
};

export const deliveryStatus = (delivery: Pick<WebhookDelivery, 'status'>): StatusText =>
  DELIVERY_STATUS[delivery.status];

/**
 * Whether 'Resend' can work: the server queues again only a message that is done (delivered or
 * given up); one still pending or waiting for its retry will be sent anyway, and is refused.
 */
export const canResend = (delivery: Pick<WebhookDelivery, 'status'>): boolean =>
  delivery.status === 'delivered' || delivery.status === 'dead';

/** What came back from the receiver: its HTTP status, else why nothing did, else a dash. */
export function responseText(delivery: Pick<WebhookDelivery, 'responseStatus' | 'error'>): string {
  if (delivery.responseStatus !== null) return `HTTP ${delivery.responseStatus}`;
  return delivery.error ?? '—';
}

/** '85 ms', '1.2 s', or a dash before the first attempt. */
export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}
