import type { Config } from '../config';
import type { TxOrDb } from '../outbox/enqueue';
import { enqueueOrderEmails } from '../outbox/order-recipients';
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
  // The invoice e-mail gets the invoice itself, queued by the database with the payment (0013).
  await enqueueOrderEmails(tx, orderIds, 'billing', (order) => orderConfirmationMessage(config, order));
}

export async function enqueuePanelsReady(tx: TxOrDb, config: Config, orderIds: number[]) {
  await enqueueOrderEmails(tx, orderIds, 'panels', (order) => panelsReadyMessage(config, order));
}
