import { eq } from 'drizzle-orm';
import { replacementRequests } from '../db/schema';
import type { TxOrDb } from '../outbox/enqueue';
import type { ReplacementEventData } from '../webhooks/payloads';
import { recordWebhookEvent } from '../webhooks/record';

/**
 * panel.replacement_requested, panel.replaced or panel.replacement_rejected, as the request now
 * is, in the transaction
 * that made the change (docs/decisions/0012-webhooks.md). Ids and what the customer sees on
 * their dashboard; never a credential.
 */
export async function emitReplacementEvent(
  tx: TxOrDb,
  type: 'panel.replacement_requested' | 'panel.replaced' | 'panel.replacement_rejected',
  requestId: number,
  at: Date,
): Promise<void> {
  const [request] = await tx.select().from(replacementRequests).where(eq(replacementRequests.id, requestId));
  if (!request) return;
  const data: ReplacementEventData = {
    replacementRequestId: request.id,
    panelId: request.panelId,
    orderId: request.orderId,
    status: request.status,
    reason: request.reason,
    newPanelId: request.newPanelId,
    createdAt: request.createdAt.toISOString(),
    replacedAt: request.status === 'replaced' ? (request.decidedAt?.toISOString() ?? null) : null,
    rejectionReason: request.status === 'rejected' ? request.rejectionReason : null,
  };
  await recordWebhookEvent(tx, request.workspaceId, type, data, at);
}
