import type { V1OrderCreateBody, V1OrderCreated } from '../../domain/api/v1';
import { addPanels } from '../billing/add-panels/add-panels';
import { myOrder } from '../orders/my-orders';
import { paymentInstructions } from '../orders/payment-instructions';
import { checkout, type OrderDeps } from '../orders/service';

/**
 * A new order through the API, by the customer's own checkout (D4-D6): priced on the server,
 * stored as pending_payment, the provider's session opened after the order is stored, and for
 * bank transfer or crypto the instructions e-mailed and the admins alerted, as on the order
 * page. The answer carries what the order page would show next: the provider's checkout page
 * for a card, the payment instructions otherwise.
 */
export async function createOrderForKey(
  deps: OrderDeps,
  customer: { id: string; email: string; workspaceId: string },
  selection: V1OrderCreateBody,
  via: { apiKeyId: number; ip: string },
): Promise<V1OrderCreated> {
  if ('addToOrderId' in selection) {
    // Panels joining a running subscription's renewal date, charged pro rata at once.
    const { addToOrderId, panels, quotedCents } = selection;
    const body = quotedCents === undefined ? { panels } : { panels, quotedCents };
    const added = await addPanels(deps, customer, addToOrderId, body, via.ip, { apiKeyId: via.apiKeyId });
    const order = await myOrder(deps.db, customer.workspaceId, addToOrderId);
    if (!order) throw new Error(`order ${addToOrderId} vanished right after its panels were added`);
    return { order, checkoutUrl: null, paymentInstructions: null, addedPanels: added };
  }
  const { url, orderId } = await checkout(deps, customer, selection);
  const order = await myOrder(deps.db, customer.workspaceId, orderId);
  if (!order) throw new Error(`order ${orderId} vanished right after its checkout`);
  if (selection.method === 'card') {
    // Providers may give a path on this site (the sandbox); an API client needs the whole address.
    return { order, checkoutUrl: new URL(url, deps.config.publicUrl).toString(), paymentInstructions: null };
  }
  const instructions = await paymentInstructions(
    deps.db,
    deps.config,
    orderId,
    customer.workspaceId,
    deps.now(),
  );
  return { order, checkoutUrl: null, paymentInstructions: instructions };
}
