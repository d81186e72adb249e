import { sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import { rowsOf } from '../db/client';
import type { TxOrDb } from '../outbox/enqueue';
import { emitReplacementEvent } from './events';

// The replacement side of allocation (provisioning/fulfillment.ts runs both in one
// transaction under its lock): which requests wait for a panel, and what filling one does.

export interface WaitingReplacement {
  id: number;
  order_id: number;
  panel_id: number;
  user_id: string | null;
  created_at: string | Date;
  waiting_since: string | Date | null;
  approved_by: string | null;
}

/**
 * Open requests an admin approved whose panel is still the customer's, oldest first, locked
 * for this allocation (a concurrent reject waits for it, then finds the request decided).
 */
export async function waitingReplacements(tx: TxOrDb): Promise<WaitingReplacement[]> {
  return rowsOf<WaitingReplacement>(
    await tx.execute(sql`
      select r.id, r.order_id, r.panel_id, r.user_id, r.created_at, r.waiting_since, r.approved_by
      from replacement_requests r
      join admin_panel_inventory p on p.id = r.panel_id
      where r.status = 'open' and r.approved_at is not null and p.status = 'sold'
      order by r.created_at, r.id
      for update of r`),
  );
}

/**
 * Marks the requests that got a panel replaced and retires the panel each reported (with the
 * reported reason), audit-logs and records `panel.replaced`; the ones left without stock are
 * marked waiting, so their later fill is logged as automatic. Returns the replaced ids.
 */
export async function completeReplacements(
  tx: TxOrDb,
  served: { request: WaitingReplacement; newPanelId: number | null }[],
  now: Date,
): Promise<number[]> {
  const at = now.toISOString();
  const replaced: number[] = [];
  for (const { request, newPanelId } of served) {
    if (newPanelId === null) {
      if (request.waiting_since === null) {
        await tx.execute(
          sql`update replacement_requests set waiting_since = ${at}::timestamptz where id = ${request.id}`,
        );
      }
      continue;
    }
    const [row] = rowsOf<{ reason: string }>(
      await tx.execute(sql`
        update replacement_requests
        set status = 'replaced', new_panel_id = ${newPanelId}, decided_at = ${at}::timestamptz,
            decided_by = approved_by, updated_at = ${at}::timestamptz
        where id = ${request.id}
        returning reason`),
    );
    await tx.execute(sql`
      update admin_panel_inventory
      set status = 'retired', retired_reason = ${row?.reason ?? 'other'}, updated_at = ${at}::timestamptz
      where id = ${request.panel_id}`);
    const automatic = request.waiting_since !== null;
    await recordAudit(tx, {
      actorId: automatic ? null : request.approved_by,
      action: automatic ? 'replacement.auto_filled' : 'replacement.replaced',
      targetType: 'replacement_request',
      targetId: request.id,
      details: { orderId: request.order_id, oldPanelId: request.panel_id, newPanelId },
    });
    await emitReplacementEvent(tx, 'panel.replaced', request.id, now);
    replaced.push(request.id);
  }
  return replaced;
}
