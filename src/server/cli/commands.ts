import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { emailSchema, fullNameSchema, passwordSchema } from '../../domain/account-schemas';
import { advanceClockBodySchema } from '../../domain/api/admin/sandbox-clock';
import { plural } from '../../domain/format';
import { SANDBOX_CLOCK_MAX_DAYS } from '../../domain/sandbox-clock';
import { recordAudit } from '../audit/audit';
import { proveAddress } from '../auth/address-proof';
import {
  createUserWithPassword,
  findUserByEmail,
  LastAdminError,
  setCredentialPassword,
  setUserRole,
} from '../auth/users';
import { advanceClock } from '../clock/advance';
import { createSandboxClock } from '../clock/business-clock';
import { createTimeDrivenSweeps, stepOrder } from '../clock/time-driven';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import { user } from '../db/schema';
import { createManualProvider } from '../payments/manual/provider';
import { createSandboxProvider } from '../payments/sandbox/provider';

/** Operator commands, free of process and terminal concerns so tests can call them. */

export class CommandError extends Error {
  override name = 'CommandError';

  /** 1: the input or the data refused it; 2: the command does not apply to this installation. */
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
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

/** --days as typed: whole days, within what one advance may move. */
const daysSchema = z
  .string()
  .regex(/^\d+$/, 'a whole number of days')
  .transform(Number)
  .pipe(advanceClockBodySchema.shape.advanceDays);

type CommandLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The sweeps' own log lines stay quiet; their failures go to stderr. */
const stderrLog: CommandLog = {
  info: () => {},
  warn: (...line: unknown[]) => console.error(...line),
  error: (...line: unknown[]) => console.error(...line),
};

/** Exit code 2 where there is no sandbox clock: checked before the database is even opened. */
export function refuseOffTheSandbox(config: Config): void {
  if (config.cardProvider === 'sandbox') return;
  const why =
    config.cardProvider === 'stripe'
      ? 'card payments go to Stripe here (STRIPE_SECRET_KEY is set)'
      : 'card payments are off here (production, and SANDBOX_PAYMENTS does not allow the sandbox)';
  throw new CommandError(
    `The sandbox clock exists only while card payments run on the built-in sandbox, and ${why}. Nothing was changed.`,
    2,
  );
}

/**
 * clock:advance: moves the sandbox clock forward as the admin console does, running the same
 * time-driven sweeps at each day (clock/time-driven.ts). Refused (exit code 2) where card
 * payments do not run on the sandbox. The e-mails the days bring are queued, not sent: the
 * server's outbox sends them, as it does everything queued while it was away.
 */
export async function advanceSandboxClock(
  deps: { config: Config; database: DatabaseHandle; log?: CommandLog },
  input: { days: unknown },
): Promise<string> {
  const { config, database } = deps;
  refuseOffTheSandbox(config);
  if (input.days === undefined)
    throw new CommandError(
      `--days: how many days to move the clock forward, 1 to ${SANDBOX_CLOCK_MAX_DAYS}.`,
    );
  const days = parse(daysSchema, typeof input.days === 'number' ? String(input.days) : input.days, '--days');
  const log = deps.log ?? stderrLog;
  const { db } = database;
  const clock = createSandboxClock({ db, base: () => new Date(), log });
  const providers = [createSandboxProvider(db), createManualProvider(db)];
  const sweeps = createTimeDrivenSweeps({
    config,
    db,
    outbox: { kick: () => {} },
    log,
    now: clock.now,
    providerFor: (name) => providers.find((provider) => provider.name === name) ?? null,
  });
  const state = await advanceClock(
    { database, clock, sweeps: stepOrder(sweeps) },
    { days, actor: { actorId: null, actorEmail: 'operator-cli', ip: null } },
  );
  return `Sandbox clock advanced ${plural(days, 'day')}: the business time is ${state.now}, ${plural(state.offsetDays, 'day')} ahead of real time.`;
}
