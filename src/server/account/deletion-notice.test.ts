import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outboxMessages, payments } from '../db/schema';
import { createPreferenceLinks } from '../email-preferences/links';
import { deliverDueMessages } from '../outbox/delivery';
import type { PaymentProvider } from '../payments/provider';
import { insertCustomer, insertPendingOrder } from '../testing/orders';
import { createRecordingMailer } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig } from '../testing/test-config';
import { testDatabaseForSuite } from '../testing/test-database';
import { DELETION_NOTICE_HOLD_MS, deleteAccount } from './deletion';

/*
 * The deletion notice is written with the deletion's claim (docs/decisions/0008): if the
 * process dies while the payment provider is still answering, the customer is still told,
 * in words true whatever the provider does next.
 */
const database = TEST_DATABASE_NAME;

const testDb = testDatabaseForSuite();

describe(`the account deletion notice on ${database}`, () => {
  it('goes out as written at the claim when the providers never answer, and is not replaced late', async () => {
    const db = testDb.db;
    const customer = await insertCustomer(db, 'leaving@example.com');
    const { order } = await insertPendingOrder(db, customer.id, { totalCents: 290_000 });
    await db
      .update(orders)
      .set({
        status: 'paid',
        provider: 'stripe',
        paidAt: new Date(),
        subscriptionStatus: 'active',
        providerSubscriptionId: `sub_${order.id}`,
      })
      .where(eq(orders.id, order.id));
    await db.insert(payments).values({
      orderId: order.id,
      userId: customer.id,
      amountCents: 290_000,
      status: 'completed',
      method: 'card',
      provider: 'stripe',
      providerChargeId: `ch_${order.id}`,
    });

    // A provider that does not answer: the process is as good as dead mid-deletion.
    let answer!: () => void;
    const silence = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const stripe: PaymentProvider = {
      name: 'stripe',
      createCheckout: () => Promise.reject(new Error('not used')),
      retrieveCheckout: async () => null,
      cancelSubscription: () => silence,
      refund: async () => {
        await silence;
        return 're_1';
      },
    };
    const errors: string[] = [];
    const deleting = deleteAccount(
      {
        db,
        config: testConfig(),
        providerFor: (name) => (name === 'stripe' ? stripe : null),
        outbox: { kick: () => {} },
        log: { error: (...args: unknown[]) => errors.push(String(args.at(-1))) },
        now: () => new Date(),
      },
      customer,
      customer.email,
      null,
    );
    await expect.poll(async () => (await db.select().from(outboxMessages)).length).toBe(1);

    const mailer = createRecordingMailer();
    const deps = {
      db,
      mailer,
      messageIdHost: 'panelhub.test',
      finish: createPreferenceLinks('https://panelhub.test', 's'.repeat(32)).finish,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    };
    // Held while the providers may still answer.
    expect(await deliverDueMessages(deps, { at: new Date(Date.now() + 60_000) })).toEqual([]);
    // They never did: it goes out as claimed, saying what is under way.
    const late = new Date(Date.now() + DELETION_NOTICE_HOLD_MS + 1_000);
    expect((await deliverDueMessages(deps, { at: late })).map((r) => r.outcome)).toEqual(['sent']);
    const [notice] = mailer.sent;
    expect(notice?.to).toBe('leaving@example.com');
    expect(notice?.subject).toBe('Your account has been deleted');
    expect(notice?.text).toContain(
      `Our payment provider has not yet confirmed the end of the subscription of order ${order.id}`,
    );
    expect(notice?.text).toContain(
      'The refund of $2,900 has not gone through yet; we keep trying automatically.',
    );

    // The provider answers at last: the notice already went, so nothing is sent twice.
    answer();
    await deleting;
    expect(errors).toContain('account deletion: the notice went out before the providers answered');
    expect(await deliverDueMessages(deps, { at: late })).toEqual([]);
    expect(mailer.sent).toHaveLength(1);
  });
});
