import { sql } from 'drizzle-orm';
import { REPLACEMENT_TEXTS } from '../../domain/replacements';
import { recordAudits } from '../audit/audit';
import { rowsOf } from '../db/client';
import type { TxOrDb } from '../outbox/enqueue';
import { emitReplacementEvent } from './events';

/**
 * Closes the open requests whose panel is no longer the customer's: the order was refunded or
 * ended, or the account was deleted, in the transaction that retired the panels. Nothing is left
 * to replace, so the request is declined with a reason the customer reads on the dashboard,
 * instead of waiting in the admin queue for a decision that can only be 'Reject'
 * (docs/product.md §11).
 */
export async function closeRequestsOfEndedPanels(tx: TxOrDb, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const at = now.toISOString();
  const owner = sql`r.order_id in (${sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const closed = rowsOf<{ id: number; order_id: number; panel_id: number }>(
    await tx.execute(sql`
      update replacement_requests r
      set status = 'rejected', rejection_reason = ${REPLACEMENT_TEXTS.orderEnded},
          decided_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      from admin_panel_inventory p
      where ${owner} and r.status = 'open' and p.id = r.panel_id and p.status <> 'sold'
      returning r.id, r.order_id, r.panel_id`),
  );
  await recordAudits(
    tx,
    closed.map((request) => ({
      actorId: null,
      action: 'replacement.closed',
      targetType: 'replacement_request',
      targetId: request.id,
      details: { orderId: request.order_id, panelId: request.panel_id },
    })),
  );
  for (const request of closed) {
    await emitReplacementEvent(tx, 'panel.replacement_rejected', Number(request.id), now);
  }
}
