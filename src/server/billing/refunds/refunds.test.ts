import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { orders, outboxMessages, panels, payments, refundRequests } from '../../db/schema';
import { processProviderEvent } from '../../payment-events/process-event';
import type { PaymentProvider } from '../../payments/provider';
import { auditEntries } from '../../testing/audit';
import { insertCustomer, insertPendingOrder } from '../../testing/orders';
import { TEST_DATABASE_NAME, testConfig } from '../../testing/test-config';
import { testDatabaseForSuite } from '../../testing/test-database';
import { enqueueRefundDecision } from './enqueue-refund-decision';
import { PROVIDER_REFUND_NOTE } from './provider-refund';
import { requestRefund } from './refund-request';
import { APPROVAL_CLAIM_TIMEOUT_MS } from './refund-rules';
import { createRefundService, type RefundService } from './refund-service';

/*
 * The refund decision against a payment provider that takes its time (docs/decisions/
 * 0005-payments-and-jobs.md, Refunds): approve and deny at once, two approvals at once, a
 * provider failure, an approval that dies half-way, and the provider's own refund event.
 * On PGlite the transactions take turns in one process; on PostgreSQL (TEST_DATABASE_URL)
 * they run on separate connections, where the claim's row lock does the work.
 */
const database = TEST_DATABASE_NAME;
const DAY = 86_400_000;
const PRICE = 50_000;

/**
 * A stand-in for Stripe: refunds take `delayMs`, and like Stripe with an idempotency key per
 * charge, a repeated refund of the same charge answers again without moving money again.
 */
function slowProvider() {
  const behaviour: {
    delayMs: number;
    failRefund?: string | undefined;
    failCancel?: string | undefined;
    /** Holds every refund's answer until it resolves (an attempt that hangs, then dies). */
    gate?: Promise<void> | undefined;
    /** Runs while the refund call is out, as Stripe's webhook can arrive before its answer. */
    onRefund?: ((chargeId: string) => Promise<void>) | undefined;
  } = { delayMs: 300 };
  const refundCalls: string[] = [];
  const moneyMoved = new Map<string, number>();
  const cancels: string[] = [];
  const provider: PaymentProvider = {
    name: 'stripe',
    async createCheckout() {
      throw new Error('not used');
    },
    async retrieveCheckout() {
      return null;
    },
    async refund(chargeId, amountCents) {
      refundCalls.push(chargeId);
      await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      if (behaviour.failRefund) throw new Error(behaviour.failRefund);
      if (!moneyMoved.has(chargeId)) moneyMoved.set(chargeId, amountCents);
      await behaviour.onRefund?.(chargeId);
      await behaviour.gate;
      return `re_${chargeId}`;
    },
    async cancelSubscription(subscriptionId) {
      if (behaviour.failCancel) throw new Error(behaviour.failCancel);
      cancels.push(subscriptionId);
    },
  };
  const callsFor = (chargeId: string) => refundCalls.filter((c) => c === chargeId).length;
  return { provider, behaviour, refundCalls, moneyMoved, cancels, callsFor };
}

const testDb = testDatabaseForSuite();
let db: Database;
let clock: Date;
let fake: ReturnType<typeof slowProvider>;
let service: RefundService;
const admin = { id: 'admin-1', email: 'boss@example.com' };
const deputy = { id: 'admin-2', email: 'deputy@example.com' };

beforeAll(async () => {
  db = testDb.db;
});

beforeEach(() => {
  clock = new Date();
  fake = slowProvider();
  service = createRefundService({
    db,
    providerFor: (name) => (name === 'stripe' ? fake.provider : null),
    now: () => clock,
    config: testConfig(),
    outbox: { kick: () => {} },
    log: { error: () => {} } as unknown as Pick<FastifyBaseLogger, 'error'>,
  });
});

/** A Stripe order paid yesterday with `charges` payments and two panels, and its refund request. */
async function refundableOrder(charges = 1) {
  const customer = await insertCustomer(db);
  const { order } = await insertPendingOrder(db, customer.id, { quantity: 2, totalCents: PRICE });
  await db
    .update(orders)
    .set({
      status: 'completed',
      provider: 'stripe',
      paidAt: new Date(clock.getTime() - DAY),
      subscriptionStatus: 'active',
      providerSubscriptionId: `sub_${order.id}`,
    })
    .where(eq(orders.id, order.id));
  const chargeIds = Array.from({ length: charges }, (_, i) => `in_${order.id}_${i}`);
  for (const chargeId of chargeIds) {
    await db.insert(payments).values({
      orderId: order.id,
      userId: customer.id,
      amountCents: PRICE,
      status: 'completed',
      method: 'card',
      provider: 'stripe',
      providerChargeId: chargeId,
    });
  }
  const tag = randomBytes(4).toString('hex');
  await db.insert(panels).values(
    [0, 1].map((i) => ({
      email: `panel-${tag}-${i}@panels.example`,
      password: 'ciphertext',
      status: 'sold' as const,
      soldTo: customer.id,
      orderId: order.id,
      purchaseDate: clock,
    })),
  );
  const request = await requestRefund(db, {
    orderId: order.id,
    userId: customer.id,
    workspaceId: customer.workspaceId,
    reason: 'Not what we needed.',
    now: clock,
    ip: null,
  });
  return { orderId: order.id, requestId: request.id, customer, chargeIds };
}
type Fixture = Awaited<ReturnType<typeof refundableOrder>>;

async function state(f: Fixture) {
  const [order] = await db.select().from(orders).where(eq(orders.id, f.orderId));
  const [request] = await db.select().from(refundRequests).where(eq(refundRequests.id, f.requestId));
  const paymentStatuses = (await db.select().from(payments).where(eq(payments.orderId, f.orderId))).map(
    (p) => p.status,
  );
  const panelStatuses = (await db.select().from(panels).where(eq(panels.orderId, f.orderId))).map(
    (p) => p.status,
  );
  // The e-mails queued for the customer, written with the decisions that they report.
  const mail = (await db.select().from(outboxMessages).orderBy(outboxMessages.id))
    .filter((m) => m.payload.to === f.customer.email)
    .map((m) => m.payload.subject);
  return { order: order!, request: request!, paymentStatuses, panelStatuses, mail };
}

const approvedMail = (f: Fixture) => `Refund approved for order ${f.orderId}`;
const deniedMail = (f: Fixture) => `Refund request for order ${f.orderId}`;

async function expectRefunded(f: Fixture) {
  const s = await state(f);
  expect(s.request.status).toBe('approved');
  expect(s.order).toMatchObject({ status: 'refunded', subscriptionStatus: 'canceled' });
  expect(s.paymentStatuses.every((p) => p === 'refunded')).toBe(true);
  expect(s.panelStatuses).toEqual(['retired', 'retired']);
  for (const chargeId of f.chargeIds) expect(fake.moneyMoved.get(chargeId)).toBe(PRICE);
  expect(s.mail).toEqual([approvedMail(f)]);
  return s;
}

async function expectUntouched(f: Fixture) {
  const s = await state(f);
  expect(s.order).toMatchObject({ status: 'completed', subscriptionStatus: 'active' });
  expect(s.paymentStatuses.every((p) => p === 'completed')).toBe(true);
  expect(s.panelStatuses).toEqual(['sold', 'sold']);
  for (const chargeId of f.chargeIds) expect(fake.moneyMoved.has(chargeId)).toBe(false);
  return s;
}

const later = <T>(ms: number, work: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => work().then(resolve, reject), ms));

describe(`refund decisions with a slow provider on ${database}`, () => {
  it('approve and deny at once: exactly one wins, and the money, panels and e-mail agree with it', async () => {
    type Start = (approve: () => Promise<unknown>, deny: () => Promise<unknown>) => Promise<unknown>[];
    const rounds: Array<[string, Start, 'approve' | 'deny' | 'either']> = [
      ['together', (approve, deny) => [approve(), deny()], 'either'],
      [
        'deny while the provider is refunding',
        (approve, deny) => {
          const approving = approve();
          const denying = vi
            .waitFor(() => expect(fake.refundCalls.length).toBeGreaterThan(0), { timeout: 5_000 })
            .then(deny);
          return [approving, denying];
        },
        'approve',
      ],
      ['deny just before the approval', (approve, deny) => [later(250, approve), deny()], 'deny'],
    ];
    for (const [round, start, expected] of rounds) {
      fake.refundCalls.length = 0;
      const f = await refundableOrder();
      const [approved, denied] = await Promise.allSettled(
        start(
          () => service.approve(f.requestId, admin, null),
          () => service.deny(f.requestId, deputy, 'The panels were used for a week.', null),
        ),
      );
      if (!approved || !denied) throw new Error('two outcomes expected');
      const winners = [approved, denied].filter((r) => r.status === 'fulfilled');
      expect(winners, round).toHaveLength(1);
      const loser = [approved, denied].find((r) => r.status === 'rejected');
      expect(loser?.reason).toMatchObject({ statusCode: 409 });

      const winner = approved.status === 'fulfilled' ? 'approve' : 'deny';
      if (expected !== 'either') expect(winner, round).toBe(expected);
      if (winner === 'approve') {
        await expectRefunded(f);
      } else {
        const s = await expectUntouched(f);
        expect(fake.refundCalls).toEqual([]);
        expect(fake.cancels).not.toContain(`sub_${f.orderId}`);
        expect(s.request.status).toBe('denied');
        expect(s.mail).toEqual([deniedMail(f)]);
      }
    }
  });

  it('two approvals at once: one refund call per payment, one approval, one e-mail', async () => {
    const f = await refundableOrder(2);
    const results = await Promise.allSettled([
      service.approve(f.requestId, admin, null),
      service.approve(f.requestId, deputy, null),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = results.find((r) => r.status === 'rejected');
    expect(loser?.reason).toMatchObject({ statusCode: 409, code: 'refund_in_progress' });
    for (const chargeId of f.chargeIds) expect(fake.callsFor(chargeId)).toBe(1);
    expect(fake.cancels).toEqual([`sub_${f.orderId}`]);
    const s = await expectRefunded(f);
    expect(s.request.approvalAttempts).toBe(1);
    const approvals = await auditEntries(db, 'refund.approved', f.orderId);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]?.details).toMatchObject({ amountCents: 2 * PRICE });
  });

  it('a provider failure leaves the request failed and retryable, never deniable; the retry refunds once', async () => {
    const f = await refundableOrder(2);
    fake.behaviour.failRefund = 'Your card issuer declined the refund.';
    await expect(service.approve(f.requestId, admin, null)).rejects.toMatchObject({
      statusCode: 502,
      code: 'refund_failed',
    });
    let s = await expectUntouched(f);
    expect(s.request).toMatchObject({ status: 'failed', lastError: 'Your card issuer declined the refund.' });
    expect(service.retryable(s.request)).toBe(true);
    expect(s.mail).toEqual([]);
    await expect(service.deny(f.requestId, deputy, 'No.', null)).rejects.toMatchObject({
      statusCode: 409,
      code: 'refund_in_progress',
    });

    fake.behaviour.failRefund = undefined;
    const retried = await service.approve(f.requestId, deputy, null);
    expect(retried).toMatchObject({ orderId: f.orderId, amountCents: 2 * PRICE });
    s = await expectRefunded(f);
    expect(s.request).toMatchObject({ approvalAttempts: 2, lastError: null, decidedBy: deputy.id });

    // Money that moved before a later step failed moves once however often it is retried.
    const g = await refundableOrder();
    fake.behaviour.failCancel = 'Stripe is unreachable.';
    await expect(service.approve(g.requestId, admin, null)).rejects.toMatchObject({ statusCode: 502 });
    expect((await state(g)).request.status).toBe('failed');
    fake.behaviour.failCancel = undefined;
    await service.approve(g.requestId, admin, null);
    expect(fake.callsFor(g.chargeIds[0]!)).toBe(2);
    await expectRefunded(g);
  });

  it('an approval that dies after the provider refunded is taken over once its claim is old, with no second refund', async () => {
    const f = await refundableOrder();
    let release!: () => void;
    fake.behaviour.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = service.approve(f.requestId, admin, null);
    await vi.waitFor(() => expect(fake.moneyMoved.size).toBe(1), { timeout: 5_000 });
    expect((await state(f)).request.status).toBe('approving');

    // While the first attempt may still be alive, nobody else touches the request.
    await expect(service.approve(f.requestId, deputy, null)).rejects.toMatchObject({
      code: 'refund_in_progress',
    });
    await expect(service.deny(f.requestId, deputy, 'No.', null)).rejects.toMatchObject({
      code: 'refund_in_progress',
    });
    clock = new Date(clock.getTime() + APPROVAL_CLAIM_TIMEOUT_MS - 1_000);
    expect(service.retryable((await state(f)).request)).toBe(false);

    // Past the timeout the first attempt counts as dead: a retry takes over with the same key.
    clock = new Date(clock.getTime() + 2_000);
    expect(service.retryable((await state(f)).request)).toBe(true);
    fake.behaviour.gate = undefined;
    await service.approve(f.requestId, deputy, null);
    expect(fake.callsFor(f.chargeIds[0]!)).toBe(2);
    await expectRefunded(f);

    // The first attempt wakes up: it no longer holds the claim and records nothing.
    release();
    await expect(first).rejects.toMatchObject({ statusCode: 409, code: 'refund_decided' });
    const s = await expectRefunded(f);
    expect(s.request).toMatchObject({ approvalAttempts: 2, decidedBy: deputy.id });
  });

  it("the provider's charge.refunded: left to an approval under way, closes a failed one", async () => {
    const refunded = (chargeId: string, id = `evt_${chargeId}`) =>
      processProviderEvent(
        db,
        {
          provider: 'stripe',
          id,
          event: { type: 'charge.refunded', chargeId, fullyRefunded: true, amountRefundedCents: PRICE },
        },
        clock,
        // As the payments service wires it: the closed request's e-mail is queued with the event.
        { onRefundDecided: (tx, decided) => enqueueRefundDecision(tx, testConfig(), decided) },
      );

    // The webhook for our own refund arrives before Stripe's answer to the refund call.
    const f = await refundableOrder();
    const echoes: Awaited<ReturnType<typeof refunded>>[] = [];
    fake.behaviour.onRefund = async (chargeId) => {
      echoes.push(await refunded(chargeId));
    };
    await service.approve(f.requestId, admin, null);
    expect(echoes).toEqual([
      {
        result: 'applied',
        providerRefund: { orderId: f.orderId, provider: 'stripe', cancelSubscriptionId: null, closed: null },
      },
    ]);
    const s = await expectRefunded(f);
    expect(s.request).toMatchObject({ decidedBy: admin.id, decisionNote: null });
    fake.behaviour.onRefund = undefined;

    // The money moved, then the approval failed; the provider's event closes the request.
    const g = await refundableOrder(2);
    fake.behaviour.failCancel = 'Stripe is unreachable.';
    await expect(service.approve(g.requestId, admin, null)).rejects.toMatchObject({ statusCode: 502 });
    fake.behaviour.failCancel = undefined;
    const first = await refunded(g.chargeIds[0]!);
    expect(first).toEqual({ result: 'applied' });
    let t = await state(g);
    expect(t.paymentStatuses.sort()).toEqual(['completed', 'refunded']);
    expect(t.order.status).toBe('completed');
    expect(t.request.status).toBe('failed');

    const last = await refunded(g.chargeIds[1]!);
    expect(last.result).toBe('applied');
    if (last.result !== 'applied' || !last.providerRefund) throw new Error('expected a refund effect');
    await service.afterProviderRefund(last.providerRefund);
    expect(await refunded(g.chargeIds[1]!)).toEqual({ result: 'duplicate' });
    t = await expectRefunded(g);
    expect(t.request).toMatchObject({ status: 'approved', decisionNote: PROVIDER_REFUND_NOTE });
    expect(fake.cancels).toContain(`sub_${g.orderId}`);
    await expect(service.approve(g.requestId, admin, null)).rejects.toMatchObject({ code: 'refund_decided' });
  });
});
