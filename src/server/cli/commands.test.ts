import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../domain/sandbox-clock';
import { readOffset } from '../clock/offset';
import { account, orders, user } from '../db/schema';
import { auditEntries } from '../testing/audit';
import { insertCustomer, insertPendingOrder } from '../testing/orders';
import { testConfig } from '../testing/test-config';
import { testDatabaseForSuite } from '../testing/test-database';
import { advanceSandboxClock, CommandError, changeRole, createAdmin } from './commands';

const database = testDatabaseForSuite();

describe('operator commands', () => {
  it('creates an admin and refuses a duplicate or a weak password', async () => {
    expect(
      await createAdmin(database.db, { email: 'Ops@Example.com', name: 'Ops', password: 'long-enough' }),
    ).toBe('Admin ops@example.com created.');
    const [row] = await database.db.select().from(user).where(eq(user.email, 'ops@example.com'));
    expect(row).toMatchObject({ role: 'admin', emailVerified: true });
    await expect(
      createAdmin(database.db, { email: 'ops@example.com', name: 'Ops', password: 'long-enough' }),
    ).rejects.toThrow(/already has an account/);
    await expect(
      createAdmin(database.db, { email: 'x@example.com', name: 'X', password: 'short' }),
    ).rejects.toThrow(CommandError);
  });

  it('changes roles but never demotes the last admin', async () => {
    await expect(changeRole(database.db, { email: 'ops@example.com', role: 'user' })).rejects.toThrow(
      /last admin/,
    );
    await createAdmin(database.db, { email: 'second@example.com', name: 'Second', password: 'long-enough' });
    expect(await changeRole(database.db, { email: 'ops@example.com', role: 'user' })).toBe(
      'ops@example.com is now a user.',
    );
    await expect(changeRole(database.db, { email: 'second@example.com', role: 'user' })).rejects.toThrow(
      /last admin/,
    );
    await expect(changeRole(database.db, { email: 'nobody@example.com', role: 'admin' })).rejects.toThrow(
      /No account/,
    );
    await expect(changeRole(database.db, { email: 'second@example.com', role: 'root' })).rejects.toThrow(
      /--role/,
    );
  });
});

describe('operator commands on an address nobody has confirmed', () => {
  it('refuse to make it an admin and say why; --force takes it over and removes the registrant keys', async () => {
    const { db } = database;
    await db
      .insert(user)
      .values({ id: 'squatter', email: 'boss@example.com', name: 'Squatter', emailVerified: false });
    await db.insert(account).values({
      id: 'squatter-password',
      accountId: 'squatter',
      providerId: 'credential',
      userId: 'squatter',
      password: 'a-hash-the-squatter-knows',
    });
    await expect(changeRole(db, { email: 'boss@example.com', role: 'admin' })).rejects.toThrow(
      /never confirmed its address.*--force/,
    );
    await expect(
      createAdmin(db, { email: 'boss@example.com', name: 'Boss', password: 'long-enough' }),
    ).rejects.toThrow(/never confirmed.*--force/);
    const [unchanged] = await db.select().from(user).where(eq(user.id, 'squatter'));
    expect(unchanged).toMatchObject({ role: 'user', emailVerified: false });

    expect(
      await createAdmin(
        db,
        { email: 'boss@example.com', name: 'Boss', password: 'long-enough' },
        { force: true, config: testConfig() },
      ),
    ).toBe('Admin boss@example.com created.');
    const [taken] = await db.select().from(user).where(eq(user.id, 'squatter'));
    expect(taken).toMatchObject({ role: 'admin', emailVerified: true });
    const passwords = await db.select().from(account).where(eq(account.userId, 'squatter'));
    expect(passwords).toHaveLength(1);
    expect(passwords[0]?.password).not.toBe('a-hash-the-squatter-knows');
  });

  it('user:role --force promotes an unconfirmed account and the audit says so', async () => {
    const { db } = database;
    await db
      .insert(user)
      .values({ id: 'known', email: 'known@example.com', name: 'Known', emailVerified: false });
    expect(await changeRole(db, { email: 'known@example.com', role: 'admin', force: true })).toBe(
      'known@example.com is now an admin.',
    );
    const [entry] = (await auditEntries(db, 'user.role_changed')).filter((e) => e.targetId === 'known');
    expect(entry?.details).toEqual({ role: 'admin', unconfirmedAddress: true });
    // Demoting needs no proof.
    expect(await changeRole(db, { email: 'known@example.com', role: 'user' })).toBe(
      'known@example.com is now a user.',
    );
  });
});

describe('clock:advance', () => {
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };

  it('refuses where card payments do not run on the sandbox, with exit code 2, and moves nothing', async () => {
    const envs: Record<string, string>[] = [
      { STRIPE_SECRET_KEY: 'sk_test_clock' },
      { SANDBOX_PAYMENTS: 'false' },
    ];
    for (const env of envs) {
      const refused = advanceSandboxClock({ config: testConfig(env), database, log: quiet }, { days: '3' });
      await expect(refused).rejects.toThrow(CommandError);
      await expect(refused).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringMatching(/only while card payments run on the built-in sandbox/),
      });
    }
    expect(await readOffset(database.db)).toBe(0);
  });

  it('refuses a day count that is not 1 to 400 whole days', async () => {
    for (const days of [undefined, '', '0', '401', '1.5', '-2', 'ten']) {
      await expect(
        advanceSandboxClock({ config: testConfig(), database, log: quiet }, { days }),
      ).rejects.toMatchObject({
        name: 'CommandError',
        exitCode: 1,
        message: expect.stringMatching(/^--days/),
      });
    }
    expect(await readOffset(database.db)).toBe(0);
  });

  it('moves the clock on the sandbox, runs the sweeps at each day and audits the operator', async () => {
    const { db } = database;
    const who = await insertCustomer(db);
    const { order } = await insertPendingOrder(db, who.id);
    expect(await advanceSandboxClock({ config: testConfig(), database, log: quiet }, { days: '2' })).toMatch(
      /^Sandbox clock advanced 2 days: the business time is \S+, 2 days ahead of real time\.$/,
    );
    expect(await readOffset(db)).toBe(2 * DAY_MS);
    // The card checkout outlived its 24 hours on the first day.
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'canceled', cancelReason: 'checkout_expired' });
    const [entry] = await auditEntries(db, 'sandbox_clock.advanced');
    expect(entry).toMatchObject({
      actorId: null,
      actorEmail: 'operator-cli',
      details: { days: 2, fromOffsetDays: 0, offsetDays: 2 },
    });
  });
});
