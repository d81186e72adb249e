import { z } from 'zod';
import { emailSchema, fullNameSchema, passwordSchema } from '../../domain/account-schemas';
import { recordAudit } from '../audit/audit';
import { createUserWithPassword, findUserByEmail, LastAdminError, setUserRole } from '../auth/users';
import type { Database } from '../db/client';

/** Operator commands, free of process and terminal concerns so tests can call them. */

export class CommandError extends Error {
  override name = 'CommandError';
}

function parse<T>(schema: z.ZodType<T>, value: unknown, label: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CommandError(`${label}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

export async function createAdmin(
  db: Database,
  input: { email: unknown; name: unknown; password: unknown },
): Promise<string> {
  const email = parse(emailSchema, input.email, '--email');
  const name = parse(fullNameSchema, input.name, '--name');
  const password = parse(passwordSchema, input.password, 'password');
  const existing = await findUserByEmail(db, email);
  if (existing) {
    throw new CommandError(
      `${email} already has an account; use user:role --email ${email} --role admin instead.`,
    );
  }
  const id = await createUserWithPassword(db, { email, name, password, role: 'admin', emailVerified: true });
  await recordAudit(db, {
    actorId: null,
    actorEmail: 'operator-cli',
    action: 'admin.created',
    targetType: 'user',
    targetId: id,
  });
  return `Admin ${email} created.`;
}

export async function changeRole(db: Database, input: { email: unknown; role: unknown }): Promise<string> {
  const email = parse(emailSchema, input.email, '--email');
  const role = parse(z.enum(['admin', 'user']), input.role, '--role');
  const found = await findUserByEmail(db, email);
  if (!found) throw new CommandError(`No account for ${email}.`);
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
    details: { role },
  });
  return `${email} is now ${role === 'admin' ? 'an admin' : 'a user'}.`;
}
