import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks';
import { lastUsedText } from './api-key-texts';
import {
  canResend,
  deliveryStatus,
  durationText,
  endpointStatus,
  eventsSummary,
  responseText,
} from './webhook-texts';

const day = (iso: string) => iso.slice(0, 10);

describe('endpointStatus', () => {
  it('is active while the last delivery succeeded', () => {
    expect(endpointStatus({ disabledAt: null, failingSince: null }, day)).toEqual({
      tone: 'success',
      label: 'Active',
    });
  });

  it('says since when an endpoint has been failing', () => {
    expect(endpointStatus({ disabledAt: null, failingSince: '2026-11-20T10:00:00Z' }, day)).toEqual({
      tone: 'warning',
      label: 'Failing since 2026-11-20',
    });
  });

  it('puts disabled before failing', () => {
    const status = endpointStatus(
      { disabledAt: '2026-11-23T10:00:00Z', failingSince: '2026-11-20T10:00:00Z' },
      day,
    );
    expect(status).toEqual({ tone: 'danger', label: 'Disabled 2026-11-23' });
  });
});

describe('eventsSummary', () => {
  it('counts the events, and names the whole list', () => {
    expect(eventsSummary(['order.paid'])).toBe('1 event');
    expect(eventsSummary(['order.paid', 'order.created'])).toBe('2 events');
    expect(eventsSummary(WEBHOOK_EVENT_TYPES)).toBe('All 17 events');
  });
});

describe('delivery texts', () => {
  it('words each status', () => {
    expect(deliveryStatus({ status: 'delivered' }).label).toBe('Delivered');
    expect(deliveryStatus({ status: 'failed' }).label).toBe('Retrying');
    expect(deliveryStatus({ status: 'dead' }).tone).toBe('danger');
    expect(deliveryStatus({ status: 'pending' }).label).toBe('Pending');
  });

  it('shows the HTTP status, else the error, else a dash', () => {
    expect(responseText({ responseStatus: 500, error: null })).toBe('HTTP 500');
    expect(responseText({ responseStatus: null, error: 'Timed out after 10 s' })).toBe(
      'Timed out after 10 s',
    );
    expect(responseText({ responseStatus: null, error: null })).toBe('—');
  });

  it('shows durations in ms below a second, in seconds above', () => {
    expect(durationText(null)).toBe('—');
    expect(durationText(85)).toBe('85 ms');
    expect(durationText(1234)).toBe('1.2 s');
  });
});

describe('canResend', () => {
  // The server refuses a resend while the message is still queued (409 webhook_already_queued).
  it('offers a resend of finished messages only', () => {
    expect(canResend({ status: 'delivered' })).toBe(true);
    expect(canResend({ status: 'dead' })).toBe(true);
    expect(canResend({ status: 'pending' })).toBe(false);
    expect(canResend({ status: 'failed' })).toBe(false);
  });
});

describe('lastUsedText', () => {
  it('says Never for a key never used', () => {
    expect(lastUsedText(null, day)).toBe('Never');
    expect(lastUsedText('2026-11-23T10:00:00Z', day)).toBe('2026-11-23');
  });
});
