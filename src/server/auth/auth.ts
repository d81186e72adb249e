// The minimal entry leaves out the library's bundled Kysely adapter: we use its Drizzle one.

import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth/minimal';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { BetterAuthPlugin } from 'better-auth/types';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MIN_PASSWORD_LENGTH } from '../../domain/constants';
import { recordAudit } from '../audit/audit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { enqueueEmail, type OutgoingEmail } from '../outbox/enqueue';
import type { OutboxRunner } from '../outbox/runner';
import type { Secrets } from '../secrets';
import { ensurePersonalWorkspace } from '../workspaces/personal';
import { proveAddress, rememberProof } from './address-proof';
import { passwordResetMessage, signInCodeMessage, verifyEmailMessage } from './auth-emails';
import type { PasswordHasher } from './password-hasher';

export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;
export const OTP_LIFETIME_SECONDS = 10 * 60;
export const OTP_ALLOWED_ATTEMPTS = 5;
/** The e-mailed confirmation and password-reset links work this long (the library's default). */
export const LINK_LIFETIME_SECONDS = 60 * 60;

/** Paths that may mint a session for an account with two-factor on; see `secondFactorGuard`. */
const SECOND_FACTOR_PATHS = new Set([
  // First-factor sign-ins: the library's session is replaced by a two-factor challenge
  // (the two-factor plugin for passwords, `codeSignInSecondFactor` for e-mailed codes).
  '/sign-in/email',
  '/sign-in/email-otp',
  // The second factor itself.
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  // A signed-in user's new session after changing the password (others are revoked).
  '/change-password',
]);

export interface AuthDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  outbox: Pick<OutboxRunner, 'kick'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  passwordHasher: PasswordHasher;
}

/**
 * better-auth on our database: e-mail + password, e-mailed sign-in codes, TOTP two-factor.
 * Mounted under /api/auth by routes.ts, which adds our rate limits and error texts.
 */
export function createAuth({ config, db, secrets, outbox, log, passwordHasher }: AuthDeps) {
  const secondFactor = twoFactor({ issuer: config.brand.name });
  /**
   * The account e-mails go through the outbox like all mail (docs/decisions/0007), with a
   * give-up time: a code or link that has stopped working is never delivered late.
   */
  const queue = async (message: OutgoingEmail, lifetimeSeconds: number, demoHint?: string) => {
    const expiresAt = new Date(Date.now() + lifetimeSeconds * 1000);
    await enqueueEmail(db, message, { expiresAt, ...(demoHint ? { demoHint } : {}) });
    outbox.kick();
  };
  return betterAuth({
    appName: config.brand.name,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: secrets.sessionSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Into our pino logger; the library's messages never carry passwords, and its extra
    // arguments (which may hold user data) are dropped.
    logger: {
      level: 'warn',
      log: (level, message) => {
        if (level === 'error') log.error(`auth: ${message}`);
        else if (level === 'warn') log.warn(`auth: ${message}`);
      },
    },
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // Our own limiter (rate-limit/) runs in front, per IP and per e-mail, in the database.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isProduction },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: 60 * 60 * 24,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      password: { hash: passwordHasher.hash, verify: passwordHasher.verify },
      // The product signs the new user out after sign-up and sends them to /login.
      autoSignIn: false,
      requireEmailVerification: config.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      // The reset link went to the mailbox: it proves the address, and the password it just
      // set is the prover's own (auth/address-proof.ts).
      onPasswordReset: async ({ user }) => {
        await proveAddress({ config, db }, { userId: user.id, passwordJustSet: true });
      },
      resetPasswordTokenExpiresIn: LINK_LIFETIME_SECONDS,
      sendResetPassword: async ({ user, url }) => {
        await queue(
          { to: user.email, ...passwordResetMessage(config, user.name, url) },
          LINK_LIFETIME_SECONDS,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: config.requireEmailVerification,
      sendOnSignIn: config.requireEmailVerification,
      autoSignInAfterVerification: false,
      expiresIn: LINK_LIFETIME_SECONDS,
      // The library sets the flag next; the keys made before this first proof go first.
      beforeEmailVerification: async (user, request) => {
        const outcome = await proveAddress(
          { config, db },
          { userId: user.id, cookieHeader: request?.headers.get('cookie') },
        );
        if (request) rememberProof(request, outcome);
      },
      sendVerificationEmail: async ({ user, url }) => {
        await queue({ to: user.email, ...verifyEmailMessage(config, user.name, url) }, LINK_LIFETIME_SECONDS);
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every person starts with a workspace of their own to buy in.
          after: async (created) => {
            await ensurePersonalWorkspace(db, created.id);
          },
        },
      },
      session: {
        create: {
          before: async (session, context) => secondFactorGuard(db, session.userId, context?.path),
          after: async (session) => {
            const [row] = await db
              .select({ email: schema.user.email })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            await recordAudit(db, {
              actorId: session.userId,
              actorEmail: row?.email ?? null,
              action: 'auth.sign_in',
              targetType: 'user',
              targetId: session.userId,
              ip: session.ipAddress ?? null,
            });
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        // A leaked database row must not hand out a live code.
        storeOTP: 'hashed',
        expiresIn: OTP_LIFETIME_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        // A code signs in an existing account only; it never creates one.
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== 'sign-in') return;
          await queue({ to: email, ...signInCodeMessage(config, otp) }, OTP_LIFETIME_SECONDS, `code ${otp}`);
        },
      }),
      secondFactor,
      codeSignInSecondFactor(secondFactor),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The two-factor plugin asks for the second factor after password sign-ins only. The same
 * after-hook, run on the e-mailed-code sign-in, turns its session into a two-factor
 * challenge too: every way into a session ends at the second factor (docs/decisions/0003).
 */
function codeSignInSecondFactor(plugin: ReturnType<typeof twoFactor>): BetterAuthPlugin {
  const [challenge] = plugin.hooks.after;
  if (!challenge) throw new Error('the two-factor plugin no longer has its sign-in hook');
  return {
    id: 'code-sign-in-second-factor',
    hooks: {
      after: [{ matcher: (context) => context.path === '/sign-in/email-otp', handler: challenge.handler }],
    },
  };
}

/**
 * Defence in depth behind the allow-list: a session for an account with two-factor on is
 * created only on a path that is known to end at the second factor. A future sign-in path
 * that forgets it fails closed instead of handing out a full session.
 */
async function secondFactorGuard(db: Database, userId: string, path: string | undefined): Promise<boolean> {
  if (path && SECOND_FACTOR_PATHS.has(path)) return true;
  const [row] = await db
    .select({ twoFactorEnabled: schema.user.twoFactorEnabled })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  return row?.twoFactorEnabled !== true;
}
