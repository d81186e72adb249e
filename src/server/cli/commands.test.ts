import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../db/schema';
import { testDatabaseForSuite } from '../testing/test-database';
import { CommandError, changeRole, createAdmin } from './commands';

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
