import {
  emitsFor,
  type LifecycleCause,
  type LifecycleEmit,
  type Transition,
} from '../../domain/order-lifecycle';
import type { WebhookEventType } from '../../domain/webhooks';
import { recordAudit } from '../audit/audit';
import type { Tx } from '../db/client';
import { emitOrderEvents, emitOrdersCompleted, emitSubscriptionEvents } from '../webhooks/emit';
import type { MoveActor } from './result';

type SubscriptionEvent = Extract<WebhookEventType, `subscription.${string}`>;

/** The orders by the moment each moved at, in the order given, for the emits that take one moment. */
function byMoment(orderIds: readonly number[], atOf: (orderId: number) => Date): [Date, number[]][] {
  const groups = new Map<number, [Date, number[]]>();
  for (const id of orderIds) {
    const moment = atOf(id);
    const group = groups.get(moment.getTime());
    if (group) group[1].push(id);
    else groups.set(moment.getTime(), [moment, [id]]);
  }
  return [...groups.values()];
}
const isSubscriptionEvent = (event: WebhookEventType): event is SubscriptionEvent =>
  event.startsWith('subscription.');

export interface AuditInput {
  actor?: MoveActor;
  details?: Record<string, unknown>;
  /** Where a move without a person behind it came from (a deletion's request), if known. */
  ip?: string | null;
}

/**
 * Writes the webhook events and audit lines the table lists for this move and cause, after
 * the row changed (the events read it back as it now is). E-mails are queued by the callers'
 * effects in the same transaction: their texts live with the capability that sends them.
 */
export async function writeEmits(
  tx: Tx,
  transition: Pick<Transition<string>, 'emits'>,
  cause: LifecycleCause,
  orderIds: number[],
  at: Date | ((orderId: number) => Date),
  audit: AuditInput | ((orderId: number) => AuditInput) = {},
): Promise<void> {
  const emits: LifecycleEmit[] = emitsFor(transition, cause);
  const atOf = typeof at === 'function' ? at : () => at;
  for (const emit of emits) {
    if (emit.kind === 'webhook') {
      if (emit.event === 'order.completed') {
        for (const [moment, ids] of byMoment(orderIds, atOf)) await emitOrdersCompleted(tx, ids, moment);
      } else if (
        emit.event === 'order.paid' ||
        emit.event === 'order.canceled' ||
        emit.event === 'order.created'
      ) {
        await emitOrderEvents(tx, emit.event, orderIds, atOf);
      } else if (isSubscriptionEvent(emit.event)) {
        for (const [moment, ids] of byMoment(orderIds, atOf)) {
          await emitSubscriptionEvents(tx, emit.event, ids, moment);
        }
      }
    } else if (emit.kind === 'audit') {
      for (const id of orderIds) {
        const entry = typeof audit === 'function' ? audit(id) : audit;
        await recordAudit(tx, {
          actorId: entry.actor?.id ?? null,
          actorEmail: entry.actor?.email ?? null,
          action: emit.action,
          targetType: 'order',
          targetId: id,
          ...(entry.details ? { details: entry.details } : {}),
          ip: entry.actor?.ip ?? entry.ip ?? null,
        });
      }
    }
  }
}
