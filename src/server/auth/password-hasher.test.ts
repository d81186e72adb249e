import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { account, user } from '../db/schema';
import { testPasswordHasher } from '../testing/password-hasher';
import { createRecordingMailer, TestClient } from '../testing/test-app';
import { testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createUserWithPassword } from './users';

describe('password hashing', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    // No passwordHasher: what `npm start` and every deployment build.
    app = await buildApp({
      firstSweepRoundsAfterMs: 0,
      config: testConfig(),
      database,
      secrets: testSecrets(),
      mailer: createRecordingMailer(),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('is the auth library’s own scrypt in an app built without a hasher', async () => {
    const client = new TestClient(app);
    expect((await client.signUp('Real Hash', 'real-hash@example.com', 'password-1')).statusCode).toBe(200);
    const [row] = await database.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, 'real-hash@example.com'));
    expect(row?.password).not.toMatch(/^test-scrypt:/);
    expect(await verifyPassword({ hash: row!.password!, password: 'password-1' })).toBe(true);
    expect((await client.signIn('real-hash@example.com', 'password-1')).statusCode).toBe(200);
  });

  it('is the library’s for accounts the operator CLI and the demo seed write', async () => {
    const id = await createUserWithPassword(database.db, {
      email: 'cli@example.com',
      name: 'Cli',
      password: 'password-2',
      role: 'user',
      emailVerified: true,
    });
    const [row] = await database.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, id));
    expect(await verifyPassword({ hash: row!.password!, password: 'password-2' })).toBe(true);
  });

  it('in the suite is cheap, checks what it made, and still checks the library’s hashes', async () => {
    const cheap = await testPasswordHasher.hash('password-3');
    expect(cheap).toMatch(/^test-scrypt:/);
    expect(await testPasswordHasher.verify({ hash: cheap, password: 'password-3' })).toBe(true);
    expect(await testPasswordHasher.verify({ hash: cheap, password: 'password-4' })).toBe(false);
    const [row] = await database.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, 'cli@example.com'));
    expect(await testPasswordHasher.verify({ hash: row!.password!, password: 'password-2' })).toBe(true);
  });
});
