import { asc, desc, eq } from 'drizzle-orm';
import type { AdminReplacement, ReplaceOutcome } from '../../../domain/api/replacements';
import { REPLACEMENT_TEXTS } from '../../../domain/replacements';
import type { ReplacementRequestStatus } from '../../../domain/status';
import { recordActorAudit } from '../../audit/audit';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { panels, replacementRequests, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { TxOrDb } from '../../outbox/enqueue';
import type { FulfillmentRunner } from '../../provisioning/fulfillment-runner';
import { emitReplacementEvent } from '../../replacements/events';
import { enqueueRequestRejected } from '../../replacements/replacement-emails';
import { newPanel, replacementColumns, replacementOut } from '../../replacements/service';

const QUEUE_LIMIT = 200;

type Actor = { id: string; email: string; ip: string };

/** The queue: open requests oldest first (the 6-hour clock runs from the report); decided ones newest first. */
export async function replacementQueue(
  db: Database,
  status: ReplacementRequestStatus = 'open',
): Promise<AdminReplacement[]> {
  const rows = await db
    .select({ ...replacementColumns, customerEmail: user.email })
    .from(replacementRequests)
    .innerJoin(panels, eq(panels.id, replacementRequests.panelId))
    .leftJoin(newPanel, eq(newPanel.id, replacementRequests.newPanelId))
    .leftJoin(user, eq(user.id, replacementRequests.userId))
    .where(eq(replacementRequests.status, status))
    .orderBy(
      status === 'open' ? asc(replacementRequests.createdAt) : desc(replacementRequests.decidedAt),
      asc(replacementRequests.id),
    )
    .limit(QUEUE_LIMIT);
  return rows.map((row) => ({
    ...replacementOut(row),
    customerEmail: row.customerEmail,
    approvedAt: row.approvedAt?.toISOString() ?? null,
  }));
}

/** The request, locked for a decision; a decided or unknown one is refused. */
async function lockOpenRequest(tx: TxOrDb, id: number) {
  const [request] = await tx
    .select()
    .from(replacementRequests)
    .where(eq(replacementRequests.id, id))
    .for('update');
  if (!request) throw notFound('Replacement request not found.');
  if (request.status !== 'open') throw conflict(REPLACEMENT_TEXTS.notOpen, 'replacement_decided');
  return request;
}

/**
 * 'Replace': approves the request, then runs allocation, which gives it the oldest available
 * panel under the same lock and line as waiting orders (provisioning/fulfillment.ts). With no
 * panel for it, the request waits and the next stock fills it without anyone clicking.
 */
export async function replaceRequest(
  deps: { db: Database; fulfillment: FulfillmentRunner; now: () => Date },
  id: number,
  actor: Actor,
): Promise<ReplaceOutcome> {
  await deps.db.transaction(async (tx) => {
    const request = await lockOpenRequest(tx, id);
    if (request.approvedAt !== null) return;
    const now = deps.now();
    await tx
      .update(replacementRequests)
      .set({ approvedAt: now, approvedBy: actor.id, updatedAt: now })
      .where(eq(replacementRequests.id, id));
    await recordActorAudit(tx, actor, {
      action: 'replacement.approved',
      targetType: 'replacement_request',
      targetId: id,
      details: { orderId: request.orderId, panelId: request.panelId },
    });
  });
  await deps.fulfillment.run();
  const [after] = await deps.db
    .select({ status: replacementRequests.status })
    .from(replacementRequests)
    .where(eq(replacementRequests.id, id));
  return after?.status === 'replaced'
    ? { status: 'replaced', message: 'Replaced. The customer was e-mailed a link to the new panel.' }
    : { status: 'waiting', message: REPLACEMENT_TEXTS.waiting };
}

/** 'Reject', with the reason the customer reads in an e-mail and on their dashboard. */
export async function rejectRequest(
  deps: { db: Database; config: Config; now: () => Date },
  id: number,
  actor: Actor,
  reason: string,
) {
  await deps.db.transaction(async (tx) => {
    const request = await lockOpenRequest(tx, id);
    const at = deps.now();
    await tx
      .update(replacementRequests)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: actor.id, decidedAt: at, updatedAt: at })
      .where(eq(replacementRequests.id, id));
    await recordActorAudit(tx, actor, {
      action: 'replacement.rejected',
      targetType: 'replacement_request',
      targetId: id,
      details: { orderId: request.orderId, panelId: request.panelId, reason },
    });
    await emitReplacementEvent(tx, 'panel.replacement_rejected', id, at);
    await enqueueRequestRejected(tx, deps.config, id);
  });
}
