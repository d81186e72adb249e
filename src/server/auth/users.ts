import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { account, user } from '../db/schema';
import { ensurePersonalWorkspace } from '../workspaces/personal';
import { libraryPasswordHasher, type PasswordHasher } from './password-hasher';

export type Role = 'user' | 'admin';

export interface NewUser {
  email: string;
  name: string;
  password: string;
  role: Role;
  emailVerified: boolean;
}

/**
 * Creates a password account the way sign-up does (same hash), for the operator CLI and the
 * demo seed, where no browser is involved.
 */
export async function createUserWithPassword(
  db: Database,
  input: NewUser,
  hasher: PasswordHasher = libraryPasswordHasher,
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const hash = await hasher.hash(input.password);
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id,
      email: input.email.toLowerCase(),
      name: input.name,
      role: input.role,
      emailVerified: input.emailVerified,
    });
    await tx.insert(account).values({
      id: randomBytes(16).toString('hex'),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: hash,
    });
    await ensurePersonalWorkspace(tx, id);
  });
  return id;
}

/** Sets the account's password (replacing any), hashed as sign-up does. */
export async function setCredentialPassword(db: Database, userId: string, password: string): Promise<void> {
  const hash = await libraryPasswordHasher.hash(password);
  await db.transaction(async (tx) => {
    await tx.delete(account).where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    await tx.insert(account).values({
      id: randomBytes(16).toString('hex'),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: hash,
    });
  });
}

export class LastAdminError extends Error {
  constructor() {
    super('This is the last admin; make another user admin first.');
    this.name = 'LastAdminError';
  }
}

/**
 * Refuses a change that would leave the business without an admin (D2): demoting or
 * deleting `userId` when it is the only admin. Call it in the transaction of that change:
 * it locks the admin rows, so two admins demoting or deleting themselves at once are
 * serialised and the second is refused.
 */
export async function refuseLastAdminTx(tx: Tx, userId: string): Promise<void> {
  const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).for('update');
  if (admins.length === 1 && admins[0]?.id === userId) throw new LastAdminError();
}

/** Changes a user's role; the last admin cannot be demoted. */
export async function setUserRole(db: Database, userId: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    if (role === 'user') await refuseLastAdminTx(tx, userId);
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
  });
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.trim().toLowerCase()));
  return row;
}
