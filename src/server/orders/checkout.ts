import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { CHECKOUT_SESSION_FAILED } from '../../domain/messages';
import { getPlan } from '../../domain/plans';
import { type CheckoutRequest, panelsDelivered } from '../../domain/pricing';
import { chargedUnitPrices } from '../../domain/tax';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { orders, workspaces } from '../db/schema';
import { ApiError, badRequest, notFound } from '../http/errors';
import { cancelUnpaidOrder } from '../lifecycle/order-moves';
import type { PaymentProvider } from '../payments/provider';
import { emitOrderEvent } from '../webhooks/emit';
import { taxTreatmentOf } from './tax-treatment';

export interface CheckoutProviders {
  /** Null when no card provider is configured. */
  card: PaymentProvider | null;
  manual: PaymentProvider;
}

export interface CheckoutDeps {
  db: Database;
  providers: CheckoutProviders;
  manualMethods: readonly string[];
  /** Who sells: its VAT rate and country decide what a reverse-charge buyer pays. */
  seller: Pick<Config['seller'], 'country' | 'taxRateBasisPoints'>;
  now: () => Date;
  log: { error: (obj: object, msg: string) => void };
}

export interface CheckoutEffects {
  /** Runs in the transaction that stores the provider's session on the order (the payment instructions e-mail). */
  onOpened?(tx: Tx, orderId: number): Promise<void>;
}

interface Claim {
  orderId: number;
  /** Whether this request opened the order (and so opens the provider's session). */
  fresh: boolean;
  sessionId: string | null;
}

/** A repeated submit of the same selection within this window reuses the same order. */
const REUSE_WINDOW_MS = 30 * 60_000;
const SESSION_WAIT_MS = 10_000;
const WORKSPACE_GONE = 'This workspace was deleted: switch to another one to order.';

/**
 * Opens a checkout (D4-D6): the server prices the order, stores it as pending_payment and
 * opens the provider's session. Two submits of the same selection (a double click, two
 * tabs) get the same order and session, so only one order can be paid.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  customer: { id: string; email: string; workspaceId: string },
  input: CheckoutRequest,
  effects: CheckoutEffects = {},
): Promise<{ url: string; orderId: number; fresh: boolean }> {
  const plan = getPlan(input.planId);
  if (!plan) throw badRequest('Unknown plan.');
  const provider = input.method === 'card' ? deps.providers.card : deps.providers.manual;
  if (!provider || (input.method !== 'card' && !deps.manualMethods.includes(input.method))) {
    throw badRequest('This payment method is not available.', 'method_unavailable');
  }
  // A reverse-charge buyer pays each list price less the VAT it includes (0013).
  const units = chargedUnitPrices(
    input.planId,
    await taxTreatmentOf(deps.db, deps.seller, customer.workspaceId),
  );
  const totalCents = units.planPriceCents + input.additionalPanels * units.addonPriceCents;
  const quantity = panelsDelivered(input.planId, input.additionalPanels);
  const now = deps.now();

  // The same selection's order still waiting for its money, with the provider's session once
  // that is open.
  const reusable = async (db: Database | Tx): Promise<Claim | null> => {
    const [existing] = await db
      .select({ id: orders.id, providerSessionId: orders.providerSessionId })
      .from(orders)
      .where(
        and(
          eq(orders.workspaceId, customer.workspaceId),
          eq(orders.status, 'pending_payment'),
          eq(orders.planId, input.planId),
          eq(orders.additionalPanels, input.additionalPanels),
          eq(orders.paymentMethod, input.method),
          eq(orders.provider, provider.name),
          // A change of billing details that changes the price opens a new order.
          eq(orders.totalCents, totalCents),
          gt(orders.createdAt, new Date(now.getTime() - REUSE_WINDOW_MS)),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return existing ? { orderId: existing.id, fresh: false, sessionId: existing.providerSessionId } : null;
  };

  // A repeat finds its order without a transaction or a lock: reusing one that exists is safe
  // whoever else does too. Only opening a new one needs the lock, and looks again under it.
  const claim: Claim =
    (await reusable(deps.db)) ??
    (await deps.db.transaction(async (tx) => {
      // One checkout at a time per workspace, across instances, so the reuse check is reliable.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout:${customer.workspaceId}`}))`);
      const existing = await reusable(tx);
      if (existing) return existing;
      const [created] = await tx
        .insert(orders)
        .values({
          userId: customer.id,
          workspaceId: customer.workspaceId,
          planId: input.planId,
          additionalPanels: input.additionalPanels,
          quantity,
          totalCents,
          ...units,
          status: 'pending_payment',
          paymentMethod: input.method,
          provider: provider.name,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      if (!created) throw new Error('order insert returned nothing');
      // Checked after the insert, whose foreign key holds the workspace row against the lock a
      // deletion takes: a deletion that went first has committed by now and shows here; one
      // that comes later waits for this commit and finds the order open.
      const [live] = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(and(eq(workspaces.id, customer.workspaceId), isNull(workspaces.deletedAt)));
      if (!live) throw notFound(WORKSPACE_GONE);
      await emitOrderEvent(tx, 'order.created', created.id, now);
      return { orderId: created.id, fresh: true, sessionId: null };
    }));

  if (!claim.fresh) {
    const sessionId = claim.sessionId ?? (await waitForSession(deps.db, claim.orderId));
    if (!sessionId)
      throw new ApiError(
        409,
        'checkout_in_progress',
        'Your checkout is still being prepared. Please try again.',
      );
    const state = await provider.retrieveCheckout(sessionId);
    if (state?.status === 'open' && state.url)
      return { url: state.url, orderId: claim.orderId, fresh: false };
  }

  try {
    const session = await provider.createCheckout({
      id: claim.orderId,
      userId: customer.id,
      userEmail: customer.email,
      planId: plan.id,
      planName: plan.name,
      additionalPanels: input.additionalPanels,
      quantity,
      totalCents,
      ...units,
      method: input.method,
    });
    await deps.db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ providerSessionId: session.sessionId, updatedAt: deps.now() })
        .where(eq(orders.id, claim.orderId));
      await effects.onOpened?.(tx, claim.orderId);
    });
    return { url: session.url, orderId: claim.orderId, fresh: true };
  } catch (error) {
    deps.log.error({ err: error, orderId: claim.orderId }, 'payment provider refused the checkout');
    await cancelUnpaidOrder(deps.db, claim.orderId, 'checkout_failed', { cause: 'provider', at: deps.now() });
    throw new ApiError(502, 'checkout_failed', CHECKOUT_SESSION_FAILED);
  }
}

async function waitForSession(db: Database, orderId: number): Promise<string | null> {
  const deadline = Date.now() + SESSION_WAIT_MS;
  while (Date.now() < deadline) {
    const [row] = await db
      .select({ sessionId: orders.providerSessionId })
      .from(orders)
      .where(and(eq(orders.id, orderId)));
    if (row?.sessionId) return row.sessionId;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}
