import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createPanelCipher, type PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { creditNotes, orders, panels, payments } from '../db/schema';
import { signedInAccount } from './accounts';
import { forSuite } from './for-suite';
import { insertCustomer, insertPendingOrder } from './orders';
import { createTestApp, type TestApp, type TestClient } from './test-app';
import { personalWorkspaceId } from './workspaces';

export interface AdminKit {
  t: TestApp;
  db: Database;
  /** The app's own panel cipher, so tests can write and read passwords as the app does. */
  cipher: PanelCipher;
  admin: TestClient;
  adminUser: { id: string; email: string; workspaceId: string };
  customer: TestClient;
  customerUser: { id: string; email: string; workspaceId: string };
  close(): Promise<void>;
}

async function signedIn(t: TestApp, email: string, role: 'admin' | 'user') {
  const { client, id } = await signedInAccount(t.app, t.database.db, { email, role });
  return { client, user: { id, email, workspaceId: await personalWorkspaceId(t.database.db, id) } };
}

/** A fresh app and database with one signed-in admin and one signed-in customer. */
export async function createAdminKit(): Promise<AdminKit> {
  const t = await createTestApp();
  await t.app.ready();
  const admin = await signedIn(t, 'boss@example.com', 'admin');
  const customer = await signedIn(t, 'carol@example.com', 'user');
  return {
    t,
    db: t.database.db,
    cipher: createPanelCipher(t.secrets.panelSecretKey),
    admin: admin.client,
    adminUser: admin.user,
    customer: customer.client,
    customerUser: customer.user,
    close: () => t.close(),
  };
}

/** createAdminKit for the tests of one file or describe block: opened before them, closed after. */
export const adminKitForSuite = (): AdminKit => forSuite(createAdminKit, (kit) => kit.close());

export interface PanelSeed {
  email?: string;
  password?: string;
  status?: 'available' | 'sold' | 'expired' | 'retired';
  soldTo?: string | null;
  orderId?: number | null;
  /** Set on a panel retired under the replacement warranty. */
  retiredReason?: 'cannot_sign_in' | 'suspended' | 'low_capacity' | 'other';
}

/** Inserts panels directly (encrypted with the app's key), returning their ids in order. */
export async function insertPanels(kit: AdminKit, seeds: PanelSeed[]): Promise<number[]> {
  if (seeds.length === 0) return [];
  const tag = randomBytes(3).toString('hex');
  const ids: number[] = [];
  for (let i = 0; i < seeds.length; i += 500) {
    const rows = await kit.db
      .insert(panels)
      .values(
        seeds.slice(i, i + 500).map((s, j) => ({
          email: s.email ?? `panel-${tag}-${i + j}@panels.example`,
          password: kit.cipher.encrypt(s.password ?? `pw-${i + j}`),
          status: s.status ?? 'available',
          soldTo: s.soldTo ?? null,
          orderId: s.orderId ?? null,
          retiredReason: s.retiredReason ?? null,
          purchaseDate: s.status === 'sold' ? new Date() : null,
        })),
      )
      .returning({ id: panels.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** A paid order still waiting for `quantity` panels, as a confirmed payment leaves it. */
export async function insertPaidOrder(
  kit: AdminKit,
  options: { quantity: number; paidAt?: Date; email?: string },
) {
  const who = await insertCustomer(kit.db, options.email);
  const { order } = await insertPendingOrder(kit.db, who.id, { quantity: options.quantity });
  const paidAt = options.paidAt ?? new Date();
  await kit.db
    .update(orders)
    .set({ status: 'paid', paidAt, subscriptionStatus: 'active' })
    .where(eq(orders.id, order.id));
  return { order, customer: who };
}

/**
 * The kit customer's own completed order with its payment and a sold panel, so a route that
 * names one of them in its path or body reaches its handler; keyed by the parameter names
 * routes use for them.
 */
export async function insertOwnedObjects(kit: AdminKit) {
  const { order, sessionId } = await insertPendingOrder(kit.db, kit.customerUser.id, { quantity: 1 });
  const now = new Date();
  await kit.db
    .update(orders)
    .set({
      status: 'completed',
      paidAt: now,
      subscriptionStatus: 'active',
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    })
    .where(eq(orders.id, order.id));
  const charge = async (providerChargeId: string, providerSessionId?: string) => {
    const [row] = await kit.db
      .insert(payments)
      .values({
        orderId: order.id,
        userId: kit.customerUser.id,
        amountCents: order.totalCents,
        status: 'completed',
        method: 'sandbox',
        provider: 'sandbox',
        providerSessionId,
        providerChargeId,
      })
      .returning();
    return row!;
  };
  const payment = await charge(`ch_${sessionId}`, sessionId);
  const [panelId] = await insertPanels(kit, [
    { status: 'sold', soldTo: kit.customerUser.id, orderId: order.id },
  ]);
  // An earlier month's charge, refunded: the database issues its credit note as it turns refunded.
  const refunded = await charge(`ch_${sessionId}_refunded`);
  await kit.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, refunded.id));
  const [creditNote] = await kit.db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.paymentId, refunded.id));
  return {
    id: String(order.id),
    orderId: String(order.id),
    paymentId: String(payment.id),
    sessionId,
    panelId: String(panelId),
    creditNoteId: String(creditNote!.id),
    customerEmail: kit.customerUser.email,
  };
}

/** The body of a GET the kit's admin makes, which must succeed. */
export async function adminGet(kit: AdminKit, url: string) {
  const res = await kit.admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function orderStatus(db: Database, id: number) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}
