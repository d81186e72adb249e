import { CANCEL_REASONS, type CancelReason, cancelReasonLabel } from '../../../domain/cancel-reasons';
import { formatCents, sentenceCase } from '../../../domain/format';
import {
  REPLACEMENT_REASON_LABELS,
  REPLACEMENT_REASONS,
  type ReplacementReason,
} from '../../../domain/replacements';
import { ORDER_STATUSES, type OrderStatus, orderBadge } from '../../../domain/status';
import { formatDateTime } from '../../lib/dates';
import { paymentMethodName, planName } from './labels';

/** The keys the server writes into audit details and order history, as an operator reads them. */
const LABELS: Record<string, string> = {
  accepted: 'Accepted',
  actorId: 'By user',
  additionalPanels: 'Additional panels',
  amountCents: 'Amount',
  apiKeyId: 'API key',
  approved: 'Approved',
  creditId: 'Credit',
  delivered: 'Delivered',
  email: 'Email',
  ended: 'Ended',
  ip: 'IP',
  method: 'Payment method',
  note: 'Note',
  orderId: 'Order',
  paidCents: 'Paid',
  panelIds: 'Panels',
  periodEnd: 'Period ends',
  planId: 'Plan',
  planName: 'Plan',
  previousStatus: 'Previous status',
  provider: 'Provider',
  providerSubscriptionId: 'Provider subscription',
  quantity: 'Quantity',
  reason: 'Reason',
  refund: 'Refund',
  requestId: 'Request',
  rows: 'Rows',
  scope: 'Scope',
  search: 'Search',
  status: 'Status',
  totalCents: 'Total',
  userId: 'User',
};

/** 'providerChargeId' or 'late_delivery' -> 'Provider charge id', 'Late delivery': a key no label names yet. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase()
    .trim();
  return sentenceCase(words);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const is = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** A value as people read it: money, dates, the label of a known code. */
function valueText(key: string, value: unknown): string {
  if (typeof value === 'number' && key.endsWith('Cents')) return formatCents(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => valueText(key, v)).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  if (typeof value !== 'string') return String(value);
  if (ISO_DATE.test(value)) return formatDateTime(value);
  if (key === 'reason' && is<CancelReason>(CANCEL_REASONS, value)) return cancelReasonLabel(value);
  if (key === 'reason' && is<ReplacementReason>(REPLACEMENT_REASONS, value))
    return REPLACEMENT_REASON_LABELS[value];
  if (/status$/i.test(key) && is<OrderStatus>(ORDER_STATUSES, value))
    return sentenceCase(orderBadge(value).label);
  if (key === 'planId') return planName(value);
  if (key === 'method') return paymentMethodName(value);
  return value;
}

/**
 * An audit entry's or an order event's details as one line people read:
 * { amountCents: 50000, reason: 'cannot_sign_in' } -> 'Amount: $500 · Reason: I cannot sign in'.
 * Fields without a value are left out; the server never puts secrets in details.
 */
export function detailsText(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${LABELS[key] ?? humanise(key)}: ${valueText(key, value)}`)
    .join(' · ');
}
