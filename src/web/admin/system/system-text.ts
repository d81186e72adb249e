import type { EmailClass } from '../../../domain/email-preferences';
import { sentenceCase } from '../../../domain/format';
import type { OutboxQueue } from '../api/system-api';

/** '45 s', '5 min', '3 h', '2 days': how long, as an operator reads it at a glance. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}

/** 'outbox sweep' -> 'Outbox'. */
export function sweepName(name: string): string {
  return sentenceCase(name.replace(/ sweep$/, ''));
}

const QUEUE_NAMES: Record<OutboxQueue['kind'], string> = {
  email: 'E-mails',
  document_email: 'Invoice e-mails',
  stripe_credit: 'Stripe credits',
  stripe_quantity: 'Stripe quantity changes',
  webhook: 'Customer webhooks',
};

export const queueName = (kind: OutboxQueue['kind']) => QUEUE_NAMES[kind];

/** Mail first: it is what an operator comes here about. */
const QUEUE_ORDER: readonly OutboxQueue['kind'][] = ['email', 'document_email', 'webhook'];
export const queueRank = (kind: OutboxQueue['kind']) => {
  const rank = QUEUE_ORDER.indexOf(kind);
  return rank < 0 ? QUEUE_ORDER.length : rank;
};

const CLASS_NAMES: Record<EmailClass, string> = {
  account: 'Account',
  order: 'Order',
  marketing: 'Marketing',
  operator: 'Operator',
};

export const emailClassName = (emailClass: EmailClass | null) =>
  emailClass ? CLASS_NAMES[emailClass] : 'Unclassified';
