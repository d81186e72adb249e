import type { AddedPanels, AddPanelsBody, AddPanelsQuoteView } from '../../../domain/api/add-panels';
import { recordActorAudit } from '../../audit/audit';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { conflict } from '../../http/errors';
import { renewingPanels } from '../../lifecycle/renewing';
import { ownOrder } from '../../orders/own-order';
import { enqueueOrderEmail } from '../../outbox/order-recipients';
import type { OutboxRunner } from '../../outbox/runner';
import { takeStockTx } from '../../provisioning/take-stock';
import type { Customer } from '../customer';
import { panelsAddedMessage } from './add-panels-emails';
import { addable } from './addable';
import { addedPanelsChargeId } from './charge-id';
import { requestManualAdditionTx } from './manual-add';
import { raiseOrderTx } from './raise-order';
import { prorationDateOf, queueStripeAdditionTx } from './stripe-add';

// Panels joining a running subscription's renewal date (D8, docs/decisions/0018-adding-panels.md).

export interface AddPanelsDeps {
  config: Config;
  db: Database;
  now: () => Date;
  outbox: Pick<OutboxRunner, 'kick'>;
}

/** The price of `panels` panels joining the customer's order now, as the payer is shown it. */
export async function quoteAddPanels(
  deps: Pick<AddPanelsDeps, 'db' | 'now'>,
  workspaceId: string,
  orderId: number,
  panels: number,
): Promise<AddPanelsQuoteView> {
  const order = await ownOrder(deps.db, orderId, workspaceId);
  const {
    quote,
    renewing,
    maxPanels,
    order: quoted,
  } = addable(order, await renewingPanels(deps.db, order), panels, deps.now());
  return { orderId, ...quote, renewing, maxPanels, renewsAt: quoted.currentPeriodEnd.toISOString() };
}

/**
 * Adds panels to the customer's order until its period end, in one transaction: the order row
 * locked, the price computed afresh (and compared with the one shown, when sent), the panels
 * taken from stock, the order's quantity and monthly total raised so every later renewal
 * charges them all, the pro-rata charge recorded (the sandbox's at once; Stripe's proration
 * queued for the outbox and recorded when its invoice is paid), the audit line and the receipt
 * queued. The charge's id is the order and its quantity before, so the same addition is never
 * charged twice. Bank transfer and crypto orders get an invoice instead, the panels given when
 * the money is recorded (manual-add.ts).
 */
export async function addPanels(
  deps: AddPanelsDeps,
  who: Customer,
  orderId: number,
  input: AddPanelsBody,
  ip: string,
  via?: { apiKeyId: number },
): Promise<AddedPanels> {
  const now = deps.now();
  const added = await deps.db.transaction(async (tx) => {
    const row = await ownOrder(tx, orderId, who.workspaceId, { forUpdate: true });
    const priced = addable(row, await renewingPanels(tx, row), input.panels, now);
    const { order, quote, renewing } = priced;
    if (input.quotedCents !== undefined && input.quotedCents !== quote.chargeCents) {
      throw conflict(
        'The price changed since it was shown; nothing was charged. Check the new price.',
        'quote_changed',
      );
    }
    if (row.provider === 'manual') {
      return requestManualAdditionTx(tx, deps.config, who, row, priced, input, now, { ip, ...via });
    }
    const panelIds = await takeStockTx(tx, order, input.panels, now);
    if (!panelIds) {
      throw conflict(
        'Not enough panels are in stock to add them now. Try fewer, or try again later.',
        'not_enough_stock',
      );
    }
    await raiseOrderTx(tx, { ...order, quantity: row.quantity }, input.panels, now);
    if (row.provider === 'stripe') {
      // Stripe invoices the proration once the row reaches it; its invoice.paid records the payment.
      await queueStripeAdditionTx(tx, row, {
        quantityBefore: row.quantity,
        renewingBefore: renewing,
        panels: input.panels,
        prorationDate: prorationDateOf(
          { start: order.currentPeriodStart, end: order.currentPeriodEnd },
          quote,
        ),
      });
    } else {
      await tx.insert(payments).values({
        orderId: order.id,
        userId: order.userId,
        amountCents: quote.chargeCents,
        status: 'completed',
        // The sandbox charges at once, as its renewals do.
        method: 'sandbox',
        provider: 'sandbox',
        providerChargeId: addedPanelsChargeId(order.id, row.quantity),
        periodStart: now,
        periodEnd: order.currentPeriodEnd,
        panelCount: input.panels,
        addsPanels: true,
        createdAt: now,
        updatedAt: now,
      });
    }
    await recordActorAudit(
      tx,
      { id: who.id, email: who.email, ip },
      {
        action: 'order.panels_added',
        targetType: 'order',
        targetId: order.id,
        details: {
          panels: input.panels,
          panelIds,
          chargedCents: quote.chargeCents,
          daysLeft: quote.daysLeft,
          periodDays: quote.periodDays,
          workspaceId: who.workspaceId,
          ...(via ? { apiKeyId: via.apiKeyId } : {}),
        },
      },
    );
    await enqueueOrderEmail(
      tx,
      order.id,
      'billing',
      panelsAddedMessage(deps.config, {
        orderId: order.id,
        panels: input.panels,
        chargedCents: quote.chargeCents,
        daysLeft: quote.daysLeft,
        periodDays: quote.periodDays,
        renewsAt: order.currentPeriodEnd,
        renewalCents: quote.renewalCents,
        invoicedByStripe: row.provider === 'stripe',
      }),
    );
    return {
      orderId: order.id,
      panels: input.panels,
      chargedCents: quote.chargeCents,
      renewsAt: order.currentPeriodEnd.toISOString(),
      panelIds,
    };
  });
  deps.outbox.kick();
  return added;
}
