import type { Config } from '../config';
import { enqueueEmails, type TxOrDb } from '../outbox/enqueue';
import { ordersWithRecipient } from '../outbox/order-recipients';
import { orderConfirmationMessage, panelsReadyMessage } from './order-emails';

/*
 * The order e-mails, queued in the transaction that makes them true (the payment that
 * confirms the order, the allocation that completes it), so neither a crash nor a mail
 * outage can lose one or send one for a change that rolled back.
 */

export async function enqueueOrderConfirmation(tx: TxOrDb, config: Config, orderId: number) {
  await enqueueOrderConfirmations(tx, config, [orderId]);
}

/** The same for many orders at once (a burst of payments applied together): one read, one insert. */
export async function enqueueOrderConfirmations(tx: TxOrDb, config: Config, orderIds: number[]) {
  if (orderIds.length === 0) return;
  const rows = await ordersWithRecipient(tx, orderIds, 'billing');
  // The invoice e-mail gets the invoice itself, queued by the database with the payment (0013).
  await enqueueEmails(
    tx,
    rows.map((row) => ({ to: row.email, ...orderConfirmationMessage(config, row) })),
  );
}

export async function enqueuePanelsReady(tx: TxOrDb, config: Config, orderIds: number[]) {
  if (orderIds.length === 0) return;
  const rows = await ordersWithRecipient(tx, orderIds, 'panels');
  await enqueueEmails(
    tx,
    rows.map((row) => ({ to: row.email, ...panelsReadyMessage(config, row) })),
  );
}
