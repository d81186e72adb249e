import { z } from 'zod';
import { emailSchema, loginSchema, otpCodeSchema, registerSchema } from '../../domain/account-schemas';
import { safeText } from '../../domain/input-bounds';
import type { RateLimitRule } from '../rate-limit/limiter';

const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;

/** What a limit is counted against, besides the caller's IP address. */
export type AccountKey =
  /** The e-mail in the body: the account someone is trying to get into or to mail. */
  | 'email'
  /** The signed-in user: a secret checked on an open session (current password). */
  | 'session-user'
  /** The pending sign-in of a two-factor challenge (the library's signed cookie). */
  | 'two-factor-challenge'
  /** The reset token in the body or path: each token has its own budget. */
  | 'token';

export interface SurfaceEntry {
  method: 'GET' | 'POST';
  /** The library's path below /api/auth; `:name` matches one path segment. */
  path: string;
  /** Our own input check, before the library sees the body (POST only). */
  body?: z.ZodType;
  /**
   * The query parameters it takes, checked the same way (default: none). The library reads
   * e-mailed links' tokens from the query, and a NUL byte there reaches PostgreSQL.
   */
  query?: z.ZodType;
  /** Per client address. Every entry that checks a secret or sends mail has one. */
  ip?: RateLimitRule;
  /** Per account, counted against `key`. */
  account?: { key: AccountKey; rule: RateLimitRule };
}

const optionalCallback = z.string().max(200).optional();
/**
 * The library's links carry a callback to land on; ours are short paths of this site. The
 * library builds a URL from it on a refusal, and throws (a 500) on one it cannot parse. A
 * second slash or a backslash after the first would make a browser read another site's address.
 */
const linkCallback = safeText(200)
  .regex(/^\/(?![/\\])/, 'callbackURL is a path of this site.')
  .optional();

/**
 * The budget for guessing a sign-in secret (a password, an e-mailed code, a second factor):
 * 30 tries per address and 10 per account in 15 minutes.
 */
const signInGuesses = (key: AccountKey): Pick<SurfaceEntry, 'ip' | 'account'> => ({
  ip: { limit: 30, windowMs: FIFTEEN_MINUTES },
  account: { key, rule: { limit: 10, windowMs: FIFTEEN_MINUTES } },
});

/**
 * The auth library's endpoints the product uses, and nothing else (docs/decisions/0003).
 * Any other path under /api/auth answers 404, so a library upgrade cannot widen what is
 * reachable; `surface.test.ts` enumerates the library's endpoints to prove it.
 */
export const AUTH_SURFACE: readonly SurfaceEntry[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    body: registerSchema.extend({ callbackURL: optionalCallback }).strict(),
    ip: { limit: 10, windowMs: HOUR },
    account: { key: 'email', rule: { limit: 3, windowMs: HOUR } },
  },
  {
    method: 'POST',
    path: '/sign-in/email',
    body: loginSchema.extend({ rememberMe: z.boolean().optional(), callbackURL: optionalCallback }).strict(),
    ...signInGuesses('email'),
  },
  {
    method: 'POST',
    path: '/email-otp/send-verification-otp',
    body: z.strictObject({ email: emailSchema, type: z.literal('sign-in') }),
    ip: { limit: 10, windowMs: FIFTEEN_MINUTES },
    account: { key: 'email', rule: { limit: 5, windowMs: FIFTEEN_MINUTES } },
  },
  {
    method: 'POST',
    path: '/sign-in/email-otp',
    body: z.strictObject({ email: emailSchema, otp: otpCodeSchema }),
    ...signInGuesses('email'),
  },
  {
    method: 'POST',
    path: '/two-factor/verify-totp',
    body: z.strictObject({
      code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.'),
      trustDevice: z.boolean().optional(),
    }),
    ...signInGuesses('two-factor-challenge'),
  },
  {
    method: 'POST',
    path: '/two-factor/verify-backup-code',
    body: z.strictObject({ code: z.string().min(1).max(64), trustDevice: z.boolean().optional() }),
    ...signInGuesses('two-factor-challenge'),
  },
  {
    method: 'POST',
    path: '/request-password-reset',
    body: z.strictObject({ email: emailSchema, redirectTo: optionalCallback }),
    ip: { limit: 10, windowMs: FIFTEEN_MINUTES },
    account: { key: 'email', rule: { limit: 3, windowMs: FIFTEEN_MINUTES } },
  },
  // The e-mailed reset link passes through here on its way to /reset-password?token=...
  {
    method: 'GET',
    path: '/reset-password/:token',
    query: z.strictObject({ callbackURL: linkCallback }),
    ip: { limit: 30, windowMs: FIFTEEN_MINUTES },
  },
  {
    method: 'POST',
    path: '/reset-password',
    // The token is a rate-limit key stored in PostgreSQL, which refuses a NUL byte (D14: a 4xx, not a 500).
    body: z.strictObject({ token: safeText(200, { min: 1 }), newPassword: z.string().min(1).max(200) }),
    ip: { limit: 20, windowMs: FIFTEEN_MINUTES },
    account: { key: 'token', rule: { limit: 5, windowMs: FIFTEEN_MINUTES } },
  },
  // The e-mailed confirmation link (when verification is on).
  {
    method: 'GET',
    path: '/verify-email',
    query: z.strictObject({ token: safeText(2000, { min: 1 }), callbackURL: linkCallback }),
    ip: { limit: 30, windowMs: FIFTEEN_MINUTES },
  },
  {
    method: 'POST',
    path: '/change-password',
    body: z.strictObject({
      currentPassword: z.string().min(1).max(200),
      newPassword: z.string().min(1).max(200),
      revokeOtherSessions: z.boolean().optional(),
    }),
    ip: { limit: 20, windowMs: FIFTEEN_MINUTES },
    account: { key: 'session-user', rule: { limit: 10, windowMs: FIFTEEN_MINUTES } },
  },
  {
    method: 'POST',
    path: '/two-factor/enable',
    body: z.strictObject({ password: z.string().min(1).max(200) }),
    ip: { limit: 20, windowMs: FIFTEEN_MINUTES },
    account: { key: 'session-user', rule: { limit: 10, windowMs: FIFTEEN_MINUTES } },
  },
  {
    method: 'POST',
    path: '/two-factor/disable',
    body: z.strictObject({ password: z.string().min(1).max(200) }),
    ip: { limit: 20, windowMs: FIFTEEN_MINUTES },
    account: { key: 'session-user', rule: { limit: 10, windowMs: FIFTEEN_MINUTES } },
  },
  { method: 'POST', path: '/sign-out', body: z.strictObject({}) },
];

const segment = /:[A-Za-z]+/g;
// A path segment is a token the library looks up: letters, digits and - _ only, so a NUL
// byte or other stray character never reaches the database (the path then answers 404).
const matchers = AUTH_SURFACE.map((entry) => ({
  entry,
  pattern: new RegExp(`^${entry.path.replace(segment, '[A-Za-z0-9_-]{1,200}')}$`),
}));

/** The entry for a request below /api/auth, or undefined when the product does not use it. */
export function surfaceEntry(method: string, path: string): SurfaceEntry | undefined {
  return matchers.find(({ entry, pattern }) => entry.method === method && pattern.test(path))?.entry;
}
