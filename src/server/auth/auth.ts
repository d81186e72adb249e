import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MIN_PASSWORD_LENGTH } from '../../domain/constants';
import { recordAudit } from '../audit/audit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import type { Mailer } from '../mail/send-email';
import type { Secrets } from '../secrets';
import { passwordResetMessage, signInCodeMessage, verifyEmailMessage } from './emails';

export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;
export const OTP_LIFETIME_SECONDS = 10 * 60;
export const OTP_ALLOWED_ATTEMPTS = 5;

export interface AuthDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * better-auth on our database: e-mail + password, e-mailed sign-in codes, TOTP two-factor.
 * Mounted under /api/auth by routes.ts, which adds our rate limits and error texts.
 */
export function createAuth({ config, db, secrets, mailer, log }: AuthDeps) {
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
      // The spec signs the new user out after sign-up and sends them to /login.
      autoSignIn: false,
      requireEmailVerification: config.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.sendEmail({ to: user.email, ...passwordResetMessage(config, user.name, url) });
      },
    },
    emailVerification: {
      sendOnSignUp: config.requireEmailVerification,
      sendOnSignIn: config.requireEmailVerification,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.sendEmail({ to: user.email, ...verifyEmailMessage(config, user.name, url) });
      },
    },
    databaseHooks: {
      session: {
        create: {
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
        expiresIn: OTP_LIFETIME_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        // A code signs in an existing account only; it never creates one.
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== 'sign-in') return;
          await mailer.sendEmail(
            { to: email, ...signInCodeMessage(config, otp) },
            { demoHint: `code ${otp}` },
          );
        },
      }),
      twoFactor({ issuer: config.brand.name }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
