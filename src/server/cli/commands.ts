import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema, fullNameSchema, passwordSchema } from '../../domain/account-schemas';
import { recordAudit } from '../audit/audit';
import { proveAddress } from '../auth/address-proof';
import {
  createUserWithPassword,
  findUserByEmail,
  LastAdminError,
  setCredentialPassword,
  setUserRole,
} from '../auth/users';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { user } from '../db/schema';

/** Operator commands, free of process and terminal concerns so tests can call them. */

export class CommandError extends Error {
  override name = 'CommandError';
}

function parse<T>(schema: z.ZodType<T>, value: unknown, label: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CommandError(`${label}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

/**
 * A new admin account. An existing account is refused: promote it with user:role instead. An
 * existing account whose address was never confirmed is refused too, unless `force`: then the
 * operator vouches for the address, which counts as its first proof (auth/address-proof.ts):
 * every key the first registrant made is removed, and the operator's password is set.
 */
export async function createAdmin(
  db: Database,
  input: { email: unknown; name: unknown; password: unknown },
  options: { force?: boolean; config?: Config } = {},
): Promise<string> {
  const email = parse(emailSchema, input.email, '--email');
  const name = parse(fullNameSchema, input.name, '--name');
  const password = parse(passwordSchema, input.password, 'password');
  const existing = await findUserByEmail(db, email);
  if (existing?.emailVerified) {
    throw new CommandError(
      `${email} already has an account; use user:role --email ${email} --role admin instead.`,
    );
  }
  if (existing && !(options.force && options.config)) {
    throw new CommandError(
      `${email} already has an account whose address was never confirmed: whoever signed up with it chose its password, and admin powers would be theirs. Have the owner confirm the address first (a sign-in code or a password reset), or add --force to take the account over: its password, sessions, two-factor, API keys and webhooks are removed and yours is set.`,
    );
  }
  const id = existing
    ? await takeOverUnconfirmed(db, options.config as Config, existing.id, password)
    : await createUserWithPassword(db, { email, name, password, role: 'admin', emailVerified: true });
  await recordAudit(db, {
    actorId: null,
    actorEmail: 'operator-cli',
    action: 'admin.created',
    targetType: 'user',
    targetId: id,
  });
  return `Admin ${email} created.`;
}

async function takeOverUnconfirmed(db: Database, config: Config, userId: string, password: string) {
  await proveAddress({ config, db }, { userId });
  await setCredentialPassword(db, userId, password);
  await db.update(user).set({ role: 'admin', updatedAt: new Date() }).where(eq(user.id, userId));
  return userId;
}

export async function changeRole(
  db: Database,
  input: { email: unknown; role: unknown; force?: boolean },
): Promise<string> {
  const email = parse(emailSchema, input.email, '--email');
  const role = parse(z.enum(['admin', 'user']), input.role, '--role');
  const found = await findUserByEmail(db, email);
  if (!found) throw new CommandError(`No account for ${email}.`);
  // An unproven account's password is whoever signed up first's: admin powers would be theirs.
  if (role === 'admin' && !found.emailVerified && !input.force) {
    throw new CommandError(
      `${email} has never confirmed its address, so whoever signed up with it may not own it. Have the owner confirm it (sign in with a code or reset the password) first, or add --force if you know the account is theirs.`,
    );
  }
  try {
    await setUserRole(db, found.id, role);
  } catch (error) {
    if (error instanceof LastAdminError) throw new CommandError(error.message);
    throw error;
  }
  await recordAudit(db, {
    actorId: null,
    actorEmail: 'operator-cli',
    action: 'user.role_changed',
    targetType: 'user',
    targetId: found.id,
    details: { role, ...(role === 'admin' && !found.emailVerified ? { unconfirmedAddress: true } : {}) },
  });
  return `${email} is now ${role === 'admin' ? 'an admin' : 'a user'}.`;
}
