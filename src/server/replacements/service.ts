import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MyReplacement, ReportProblemBody } from '../../domain/api/replacements';
import { REPLACEMENT_TEXTS, REPORT_REPEAT_WINDOW_MS } from '../../domain/replacements';
import { recordAudit } from '../audit/audit';
import type { Database } from '../db/client';
import { orders, panels, replacementRequests } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { emitReplacementEvent } from './events';

/*
 * The customer's side of the replacement warranty (docs/product.md §11). Every rule is
 * checked here, under a lock on the reported panel, so two reports of one panel at once are
 * one request and one refusal.
 */

export interface ReplacementDeps {
  db: Database;
  /** REPLACEMENTS_PER_PERIOD: replacements of one panel per billing period. */
  perPeriod: number;
  now: () => Date;
}

/** The panel that replaced the reported one (the same table, joined a second time). */
export const newPanel = alias(panels, 'new_panel');

/** The columns both lists show; `status` is the request's own. */
export const replacementColumns = {
  id: replacementRequests.id,
  panelId: replacementRequests.panelId,
  panelEmail: panels.email,
  orderId: replacementRequests.orderId,
  reason: replacementRequests.reason,
  note: replacementRequests.note,
  status: replacementRequests.status,
  approvedAt: replacementRequests.approvedAt,
  waitingSince: replacementRequests.waitingSince,
  rejectionReason: replacementRequests.rejectionReason,
  newPanelEmail: newPanel.email,
  createdAt: replacementRequests.createdAt,
  decidedAt: replacementRequests.decidedAt,
};

/** The rows of replacementColumns joined to the reported panel and its successor. */
export const replacementsFrom = (db: Database) =>
  db
    .select(replacementColumns)
    .from(replacementRequests)
    .innerJoin(panels, eq(panels.id, replacementRequests.panelId))
    .leftJoin(newPanel, eq(newPanel.id, replacementRequests.newPanelId));

type Row = Awaited<ReturnType<typeof replacementsFrom>>[number];

export function replacementOut(row: Row): MyReplacement {
  return {
    id: row.id,
    panelId: row.panelId,
    panelEmail: row.panelEmail,
    orderId: row.orderId,
    reason: row.reason,
    note: row.note,
    status: row.status,
    waitingForStock: row.status === 'open' && row.approvedAt !== null,
    rejectionReason: row.rejectionReason,
    newPanelEmail: row.newPanelEmail,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The workspace's requests, newest first (the dashboard lists the latest 50). */
export async function myReplacements(db: Database, workspaceId: string): Promise<MyReplacement[]> {
  const rows = await replacementsFrom(db)
    .where(eq(replacementRequests.workspaceId, workspaceId))
    .orderBy(desc(replacementRequests.createdAt), desc(replacementRequests.id))
    .limit(50);
  return rows.map(replacementOut);
}

/**
 * Opens a request for the customer's own active panel: refused (409, with the words to show)
 * outside a paid period, while another request of the panel is open, within 24 hours of the
 * last report of the panel, or once the panel (with the panels it replaced) was replaced
 * REPLACEMENTS_PER_PERIOD times in the current period. Another customer's panel is a 404.
 */
export async function reportProblem(
  deps: ReplacementDeps,
  who: { id: string; email: string; workspaceId: string },
  panelId: number,
  body: ReportProblemBody,
  ip: string,
): Promise<MyReplacement> {
  const now = deps.now();
  const requestId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ panel: panels, order: orders })
      .from(panels)
      .innerJoin(orders, eq(orders.id, panels.orderId))
      .where(and(eq(panels.id, panelId), eq(panels.workspaceId, who.workspaceId)))
      .for('update', { of: panels });
    if (!row) throw notFound('Panel not found.');
    const { panel, order } = row;
    const inPeriod =
      panel.status === 'sold' &&
      order.subscriptionStatus === 'active' &&
      (order.currentPeriodEnd === null || order.currentPeriodEnd > now);
    if (!inPeriod) throw conflict(REPLACEMENT_TEXTS.notActive, 'panel_not_active');

    const [last] = await tx
      .select({ status: replacementRequests.status, createdAt: replacementRequests.createdAt })
      .from(replacementRequests)
      .where(eq(replacementRequests.panelId, panelId))
      .orderBy(desc(replacementRequests.createdAt))
      .limit(1);
    if (last && now.getTime() - last.createdAt.getTime() < REPORT_REPEAT_WINDOW_MS) {
      throw conflict(REPLACEMENT_TEXTS.repeated, 'replacement_reported_recently');
    }
    if (last?.status === 'open') throw conflict(REPLACEMENT_TEXTS.alreadyOpen, 'replacement_already_open');

    // The panel first sold in this place: a successor counts against the same limit.
    const [predecessor] = await tx
      .select({ originPanelId: replacementRequests.originPanelId })
      .from(replacementRequests)
      // Within this order: a restocked panel sold again starts a place of its own.
      .where(and(eq(replacementRequests.newPanelId, panelId), eq(replacementRequests.orderId, order.id)))
      .orderBy(asc(replacementRequests.id))
      .limit(1);
    const originPanelId = predecessor?.originPanelId ?? panelId;
    const periodStart = order.currentPeriodStart ?? order.paidAt ?? new Date(0);
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(replacementRequests)
      .where(
        and(
          eq(replacementRequests.originPanelId, originPanelId),
          eq(replacementRequests.status, 'replaced'),
          gte(replacementRequests.decidedAt, periodStart),
        ),
      );
    if ((used?.n ?? 0) >= deps.perPeriod) {
      throw conflict(REPLACEMENT_TEXTS.limit(deps.perPeriod), 'replacement_limit_reached');
    }

    const [created] = await tx
      .insert(replacementRequests)
      .values({
        panelId,
        originPanelId,
        orderId: order.id,
        userId: who.id,
        workspaceId: who.workspaceId,
        reason: body.reason,
        note: body.note,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: replacementRequests.id });
    const id = created!.id;
    await recordAudit(tx, {
      actorId: who.id,
      actorEmail: who.email,
      action: 'replacement.requested',
      targetType: 'replacement_request',
      targetId: id,
      details: { orderId: order.id, panelId, reason: body.reason },
      ip,
    });
    await emitReplacementEvent(tx, 'panel.replacement_requested', id, now);
    return id;
  });
  const [row] = await replacementsFrom(deps.db).where(eq(replacementRequests.id, requestId));
  return replacementOut(row!);
}
