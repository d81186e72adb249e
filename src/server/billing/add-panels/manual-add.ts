import { and, desc, eq } from 'drizzle-orm';
import type { AddedPanels, AddPanelsBody } from '../../../domain/api/add-panels';
import type {
  AdditionRecorded,
  PanelAdditionView,
  PayablePanelAddition,
} from '../../../domain/api/panel-additions';
import { invoiceLabel } from '../../../domain/format';
import { panelAdditionReference } from '../../../domain/panel-additions';
import { isManualMethod } from '../../../domain/payment-details';
import { getPlan, isPlanId } from '../../../domain/plans';
import { accountDeletedConflict } from '../../account/deleted-conflict';
import { recordActorAudit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { orders, panelAdditions, payments } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { renewingPanels } from '../../lifecycle/renewing';
import { enqueueOrderEmail } from '../../outbox/order-recipients';
import type { OutboxRunner } from '../../outbox/runner';
import { detailsFor, paymentDeadline } from '../../payments/manual/details';
import { takeStockTx } from '../../provisioning/take-stock';
import type { Addable } from './addable';
import { maxPanelsOf } from './addable';
import { addedPanelsChargeId } from './charge-id';
import {
  type PanelAdditionFacts,
  panelAdditionInvoiceMessage,
  panelAdditionPaidMessage,
} from './manual-add-emails';
import { raiseOrderTx } from './raise-order';

// Panels added to a bank transfer or crypto subscription (D8, docs/decisions/0018-adding-panels.md):
// nobody charges these, so asking invoices the pro-rata price with the instructions, and an
// admin's record of the money gives the panels, in the order's renewal date like the sandbox's.

type OrderRow = typeof orders.$inferSelect;
type AdditionRow = typeof panelAdditions.$inferSelect;

export interface ManualAddDeps {
  config: Config;
  db: Database;
  now: () => Date;
  outbox: Pick<OutboxRunner, 'kick'>;
}

/**
 * Whether the addition can still be paid: unpaid, before its pay-by date, and the order still in
 * the period it was priced for (a renewal recorded meanwhile starts a period it was not priced for).
 */
function lapsed(addition: AdditionRow, order: Pick<OrderRow, 'currentPeriodEnd'>, now: Date): boolean {
  return (
    addition.status === 'expired' ||
    (addition.status === 'pending' &&
      (addition.expiresAt <= now || order.currentPeriodEnd?.getTime() !== addition.periodEnd.getTime()))
  );
}

function additionView(
  addition: AdditionRow,
  order: Pick<OrderRow, 'currentPeriodEnd'>,
  now: Date,
): PanelAdditionView {
  return {
    id: addition.id,
    orderId: addition.orderId,
    panels: addition.panels,
    amountCents: addition.amountCents,
    method: addition.method,
    reference: panelAdditionReference(addition.orderId, addition.id),
    status: lapsed(addition, order, now) ? 'expired' : addition.status,
    daysLeft: addition.daysLeft,
    periodDays: addition.periodDays,
    renewalCents: addition.renewalCents,
    renewsAt: addition.periodEnd.toISOString(),
    expiresAt: addition.expiresAt.toISOString(),
    createdAt: addition.createdAt.toISOString(),
    paidAt: addition.paidAt?.toISOString() ?? null,
  };
}

const payable = (config: Config, view: PanelAdditionView): PayablePanelAddition => ({
  ...view,
  ...detailsFor(config, view.method),
});

const factsOf = (addition: AdditionRow): PanelAdditionFacts => ({
  orderId: addition.orderId,
  panels: addition.panels,
  amountCents: addition.amountCents,
  daysLeft: addition.daysLeft,
  periodDays: addition.periodDays,
  renewsAt: addition.periodEnd,
  renewalCents: addition.renewalCents,
  method: addition.method,
  reference: panelAdditionReference(addition.orderId, addition.id),
});

/**
 * The bank transfer or crypto side of adding panels, inside the purchase's transaction (the order
 * row locked, the quote computed and compared): one pending addition at the quoted price and its
 * invoice e-mail. No stock is taken and the order is unchanged until the money is recorded; one
 * addition waits per order, so two unpaid requests never pass the plan's limit together.
 */
export async function requestManualAdditionTx(
  tx: Tx,
  config: Config,
  who: { id: string; email: string; workspaceId: string },
  row: OrderRow,
  { order, quote }: Addable,
  input: AddPanelsBody,
  now: Date,
  audit: { ip: string; apiKeyId?: number },
): Promise<AddedPanels> {
  const method = row.paymentMethod;
  if (!isManualMethod(method)) {
    throw conflict(
      'Panels cannot be added to this subscription’s renewal date yet. Start a new period instead.',
      'add_panels_unavailable',
    );
  }
  const [waiting] = await tx
    .select()
    .from(panelAdditions)
    .where(and(eq(panelAdditions.orderId, row.id), eq(panelAdditions.status, 'pending')))
    .for('update');
  if (waiting) {
    if (!lapsed(waiting, row, now)) {
      throw conflict(
        `Order ${row.id} already has ${waiting.panels} added panels waiting for their payment (reference ${panelAdditionReference(row.id, waiting.id)}). Pay that invoice, or ask again once it lapses on ${waiting.expiresAt.toISOString().slice(0, 10)}.`,
        'addition_pending',
      );
    }
    await tx
      .update(panelAdditions)
      .set({ status: 'expired', updatedAt: now })
      .where(eq(panelAdditions.id, waiting.id));
  }
  const deadline = paymentDeadline(config, now);
  const expiresAt = deadline < order.currentPeriodEnd ? deadline : order.currentPeriodEnd;
  const [addition] = await tx
    .insert(panelAdditions)
    .values({
      orderId: row.id,
      userId: who.id,
      panels: input.panels,
      amountCents: quote.chargeCents,
      daysLeft: quote.daysLeft,
      periodDays: quote.periodDays,
      renewalCents: quote.renewalCents,
      method,
      periodEnd: order.currentPeriodEnd,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!addition) throw new Error('panel addition insert returned nothing');
  await recordActorAudit(
    tx,
    { id: who.id, email: who.email, ip: audit.ip },
    {
      action: 'order.panels_requested',
      targetType: 'order',
      targetId: row.id,
      details: {
        additionId: addition.id,
        panels: input.panels,
        amountCents: quote.chargeCents,
        daysLeft: quote.daysLeft,
        periodDays: quote.periodDays,
        expiresAt: expiresAt.toISOString(),
        workspaceId: row.workspaceId,
        ...(audit.apiKeyId === undefined ? {} : { apiKeyId: audit.apiKeyId }),
      },
    },
  );
  await enqueueOrderEmail(
    tx,
    row.id,
    'billing',
    panelAdditionInvoiceMessage(config, factsOf(addition), expiresAt),
  );
  return {
    orderId: row.id,
    panels: input.panels,
    chargedCents: 0,
    renewsAt: order.currentPeriodEnd.toISOString(),
    panelIds: [],
    awaitingPayment: payable(config, additionView(addition, row, now)),
  };
}

/** The workspace's additions still waiting for their money, with where to send it. */
export async function myPanelAdditions(
  db: Database,
  config: Config,
  workspaceId: string,
  now: Date,
): Promise<PayablePanelAddition[]> {
  const rows = await db
    .select({ addition: panelAdditions, periodEnd: orders.currentPeriodEnd })
    .from(panelAdditions)
    .innerJoin(orders, eq(orders.id, panelAdditions.orderId))
    .where(and(eq(orders.workspaceId, workspaceId), eq(panelAdditions.status, 'pending')))
    .orderBy(desc(panelAdditions.id));
  return rows
    .filter((r) => !lapsed(r.addition, { currentPeriodEnd: r.periodEnd }, now))
    .map((r) => payable(config, additionView(r.addition, { currentPeriodEnd: r.periodEnd }, now)));
}

/** Every addition asked for on an order, newest first, as the console's order detail lists them. */
export async function orderPanelAdditions(
  db: Database,
  order: Pick<OrderRow, 'id' | 'currentPeriodEnd'>,
  now: Date,
): Promise<PanelAdditionView[]> {
  const rows = await db
    .select()
    .from(panelAdditions)
    .where(eq(panelAdditions.orderId, order.id))
    .orderBy(desc(panelAdditions.id));
  return rows.map((a) => additionView(a, order, now));
}

function stillRunning(order: OrderRow, addition: AdditionRow, now: Date) {
  if (addition.status === 'expired' || addition.expiresAt <= now) {
    throw conflict(
      `This request lapsed unpaid on ${addition.expiresAt.toISOString().slice(0, 10)}; nothing was allocated. Return the money, or let the customer ask again.`,
      'addition_expired',
    );
  }
  const end = order.currentPeriodEnd;
  if (!end || end.getTime() !== addition.periodEnd.getTime() || end <= now) {
    throw conflict(
      'The period these panels were priced for has ended (or was renewed) before the payment was recorded; nothing was allocated. Return the money, or let the customer ask again.',
      'addition_expired',
    );
  }
  if ((order.status !== 'paid' && order.status !== 'completed') || order.subscriptionStatus !== 'active') {
    throw conflict(
      'This subscription is not running any more; nothing was allocated.',
      'subscription_inactive',
    );
  }
  return end;
}

/**
 * An admin records the money of an addition, in one transaction: the panels taken from the stock
 * the waiting line leaves (too few: nothing is recorded, the admin restocks and records again),
 * the order's quantity and monthly total raised exactly as a card addition raises them, one
 * payment with its invoice, the audit line and the receipt. A second record of the same addition
 * changes nothing.
 */
export async function recordManualAddition(
  deps: ManualAddDeps,
  orderId: number,
  additionId: number,
  reference: string | undefined,
  actor: Actor,
): Promise<AdditionRecorded> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw notFound('No such order.');
    const [addition] = await tx
      .select()
      .from(panelAdditions)
      .where(and(eq(panelAdditions.id, additionId), eq(panelAdditions.orderId, orderId)))
      .for('update');
    if (!addition) throw notFound('No such panel addition on this order.');
    if (addition.status === 'paid') {
      return { recorded: false, paymentId: addition.paymentId, panelIds: [] as number[] };
    }
    if (row.userId === null) throw accountDeletedConflict();
    const userId = row.userId;
    const end = stillRunning(row, addition, now);
    if (!isPlanId(row.planId)) throw new Error(`order ${row.id} has an unknown plan ${row.planId}`);
    const planId = row.planId;
    // Panels resumed since the request count against the plan's limit as well.
    const renewing = await renewingPanels(tx, row);
    if (renewing + addition.panels > maxPanelsOf(planId)) {
      throw conflict(
        `The ${getPlan(planId).name} plan allows at most ${maxPanelsOf(planId)} panels in one subscription, and ${renewing} renew now; nothing was allocated. Return the money.`,
        'panel_limit_reached',
      );
    }
    const panelIds = await takeStockTx(tx, { id: row.id, userId }, addition.panels, now);
    if (!panelIds) {
      throw conflict(
        `Not enough panels are in stock for ${addition.panels} more after the orders already waiting; nothing was recorded. Add stock, then record the payment again.`,
        'not_enough_stock',
      );
    }
    await raiseOrderTx(tx, { ...row, planId }, addition.panels, now);
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: row.id,
        userId,
        amountCents: addition.amountCents,
        status: 'completed',
        method: addition.method,
        provider: 'manual',
        providerChargeId: addedPanelsChargeId(row.id, row.quantity),
        periodStart: now,
        periodEnd: end,
        panelCount: addition.panels,
        addsPanels: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('payment insert returned nothing');
    await tx
      .update(panelAdditions)
      .set({ status: 'paid', paymentId: payment.id, paidAt: now, updatedAt: now })
      .where(eq(panelAdditions.id, addition.id));
    await recordActorAudit(tx, actor, {
      action: 'order.panels_added',
      targetType: 'order',
      targetId: row.id,
      details: {
        additionId: addition.id,
        panels: addition.panels,
        panelIds,
        chargedCents: addition.amountCents,
        daysLeft: addition.daysLeft,
        periodDays: addition.periodDays,
        ...(reference ? { reference } : {}),
      },
    });
    await enqueueOrderEmail(tx, row.id, 'billing', panelAdditionPaidMessage(deps.config, factsOf(addition)));
    return { recorded: true, paymentId: payment.id, panelIds };
  });
  if (outcome.recorded) deps.outbox.kick();
  // The number exists once the transaction committed (schema.ts `invoiceNumber`).
  const [numbered] =
    outcome.paymentId === null
      ? []
      : await deps.db
          .select({ invoiceNumber: payments.invoiceNumber })
          .from(payments)
          .where(eq(payments.id, outcome.paymentId));
  return {
    recorded: outcome.recorded,
    panelIds: outcome.panelIds,
    invoice: numbered?.invoiceNumber != null ? invoiceLabel(numbered.invoiceNumber) : null,
  };
}
