import { z } from 'zod';
import { access, type EndpointDocs } from './endpoint';
import { COMMON_ERRORS, refusal } from './endpoint-errors';

// The auth library's endpoints the product mounts under /api/auth (src/server/auth/surface.ts
// lists them and checks their inputs): what the OpenAPI document says they answer, so that it
// tells a client how to get a session. The answers are the library's own, passed through by
// the front door (src/server/auth/routes.ts), which rewrites every refusal into the one error
// shape; openapi-conformance.test.ts checks them against real answers.

/** The account as the library returns it; it may add fields in a later version. */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  twoFactorEnabled: z.boolean().nullable().optional(),
  role: z.string().nullable().optional(),
});

/** A session was opened: its cookie came with the answer; `token` is the same session's id. */
export const authSessionSchema = z.object({ token: z.string(), user: authUserSchema });

/** The account has two-factor on: a challenge cookie came instead of a session. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()).optional(),
});

export const passwordSignInSchema = z.union([
  authSessionSchema.extend({
    redirect: z.boolean().optional(),
    url: z.string().optional().describe('where the library would send a browser next'),
  }),
  twoFactorChallengeSchema,
]);
export const codeSignInSchema = z.union([authSessionSchema, twoFactorChallengeSchema]);
/** Sign-up opens no session (the product sends the new customer to sign in). */
export const signUpSchema = z.object({ token: z.null(), user: authUserSchema });
export const changePasswordSchema = z.object({ token: z.string().nullable(), user: authUserSchema });
export const authSuccessSchema = z.object({ success: z.boolean() });
export const authStatusSchema = z.object({ status: z.boolean() });
export const passwordResetRequestedSchema = z.object({ status: z.boolean(), message: z.string() });
export const twoFactorEnrolmentSchema = z.object({
  totpURI: z.string().describe('otpauth:// URI for an authenticator app'),
  backupCodes: z.array(z.string()),
  method: z.string().optional(),
});
/** The e-mailed links end in a redirect to a page of the site, with `?error=` when refused. */
export const redirectSchema = z.null().describe('a redirect: see Location');

const ipLimited = COMMON_ERRORS.rateLimited;
const wrongPassword = refusal(400, 'invalid_password', 'the current password is wrong');
const weakPassword = [
  refusal(400, 'password_too_short', 'the new password is shorter than 8 characters'),
  refusal(400, 'password_too_long', 'the new password is longer than 128 characters'),
];
const noChallenge = refusal(
  401,
  'invalid_two_factor_cookie',
  'no pending two-factor sign-in (its cookie is missing or expired)',
);
const noAuthenticator = refusal(400, 'totp_not_enabled', 'the account has no authenticator set up');
const locked = refusal(
  429,
  'account_temporarily_locked',
  'ten wrong second-factor codes in a row lock the account out of it for 15 minutes',
);
/** The refusals both second factors (an authenticator code, a backup code) share; each adds its wrong code. */
const secondFactorRefusals = [noChallenge, noAuthenticator, locked, ipLimited];

/** What the document says of an auth endpoint; the inputs come from the surface's own checks. */
export type AuthEndpointDocs = Omit<EndpointDocs, 'body' | 'querystring' | 'params'> & {
  summary: string;
  response: Record<number, z.ZodType>;
};

/** By 'METHOD /path' below /api/auth, as in AUTH_SURFACE. */
export const AUTH_ENDPOINT_DOCS: Readonly<Record<string, AuthEndpointDocs>> = {
  'POST /sign-up/email': {
    access: access.public,
    operationId: 'signUp',
    summary: 'Create an account with e-mail and password; then sign in',
    errors: [
      refusal(422, 'user_already_exists', 'the e-mail is already registered'),
      ...weakPassword,
      ipLimited,
    ],
    example: { body: { name: 'Ann Lee', email: 'ann@example.com', password: 'correct-horse-9' } },
    response: { 200: signUpSchema },
  },
  'POST /sign-in/email': {
    access: access.public,
    operationId: 'signIn',
    summary:
      'Sign in with e-mail and password: answers with the session cookie, or a two-factor challenge cookie when the account has two-factor on',
    errors: [
      refusal(401, 'invalid_email_or_password', 'no such account, or the password is wrong'),
      refusal(403, 'email_not_verified', 'the e-mail is not confirmed yet (a new link is sent)'),
      ipLimited,
    ],
    example: { body: { email: 'ann@example.com', password: 'correct-horse-9' } },
    response: { 200: passwordSignInSchema },
  },
  'POST /email-otp/send-verification-otp': {
    access: access.public,
    operationId: 'sendSignInCode',
    summary: 'E-mail a 6-digit sign-in code (the same answer whether or not the address has an account)',
    errors: [ipLimited],
    example: { body: { email: 'ann@example.com', type: 'sign-in' } },
    response: { 200: authSuccessSchema },
  },
  'POST /sign-in/email-otp': {
    access: access.public,
    operationId: 'signInWithCode',
    summary: 'Sign in with the e-mailed code: a session cookie, or a two-factor challenge cookie',
    errors: [
      refusal(400, 'invalid_otp', 'the code is wrong'),
      refusal(400, 'otp_expired', 'the code has expired'),
      refusal(403, 'too_many_attempts', 'the code was tried too often'),
      refusal(403, 'email_not_verified', 'the account must confirm its e-mail by link first'),
      ipLimited,
    ],
    example: { body: { email: 'ann@example.com', otp: '123456' } },
    response: { 200: codeSignInSchema },
  },
  'POST /two-factor/verify-totp': {
    access: access.public,
    operationId: 'verifyTotp',
    summary:
      'The second factor: a code from the authenticator app, with the challenge cookie of a sign-in (or, signed in, to confirm enrolment)',
    errors: [refusal(401, 'invalid_code', 'the code is wrong'), ...secondFactorRefusals],
    example: { body: { code: '123456', trustDevice: false } },
    response: { 200: authSessionSchema },
  },
  'POST /two-factor/verify-backup-code': {
    access: access.public,
    operationId: 'verifyBackupCode',
    summary: 'The second factor by one of the backup codes, with the challenge cookie of a sign-in',
    errors: [
      refusal(401, 'invalid_backup_code', 'the backup code is wrong or used'),
      ...secondFactorRefusals,
    ],
    example: { body: { code: 'Ql3EG-xlvfR' } },
    response: { 200: authSessionSchema },
  },
  'POST /request-password-reset': {
    access: access.public,
    operationId: 'requestPasswordReset',
    summary: 'E-mail a password-reset link (the same answer whether or not the address has an account)',
    errors: [ipLimited],
    example: { body: { email: 'ann@example.com', redirectTo: '/reset-password' } },
    response: { 200: passwordResetRequestedSchema },
  },
  'GET /reset-password/:token': {
    access: access.public,
    operationId: 'openPasswordResetLink',
    summary: 'The e-mailed reset link: redirects to callbackURL with the token, or with ?error=INVALID_TOKEN',
    errors: [
      refusal(400, 'validation_error', 'callbackURL is missing or not a short path'),
      refusal(404, 'not_found', 'the token has characters a token never has'),
      ipLimited,
    ],
    example: { params: { token: 'aZCojR3pRHyne37AKGneuGm9' }, query: { callbackURL: '/reset-password' } },
    response: { 302: redirectSchema },
  },
  'POST /reset-password': {
    access: access.public,
    operationId: 'resetPassword',
    summary: "Set a new password with the reset link's token; every session of the account ends",
    errors: [refusal(400, 'invalid_token', 'the token is unknown or expired'), ...weakPassword, ipLimited],
    example: { body: { token: 'aZCojR3pRHyne37AKGneuGm9', newPassword: 'correct-horse-10' } },
    response: { 200: authStatusSchema },
  },
  'GET /verify-email': {
    access: access.public,
    operationId: 'verifyEmail',
    summary: 'The e-mailed confirmation link: redirects to callbackURL, with ?error= when refused',
    errors: [
      refusal(401, 'invalid_token', 'the token is unknown or expired (without callbackURL)'),
      ipLimited,
    ],
    example: { query: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln', callbackURL: '/login' } },
    response: { 200: z.looseObject({ status: z.boolean() }), 302: redirectSchema },
  },
  'POST /change-password': {
    access: access.user,
    operationId: 'changePassword',
    summary: 'Change the password; revokeOtherSessions signs every other browser out',
    errors: [wrongPassword, ...weakPassword, ipLimited],
    example: {
      body: {
        currentPassword: 'correct-horse-9',
        newPassword: 'correct-horse-10',
        revokeOtherSessions: true,
      },
    },
    response: { 200: changePasswordSchema },
  },
  'POST /two-factor/enable': {
    access: access.user,
    operationId: 'enableTwoFactor',
    summary: 'Start two-factor enrolment; it is on once verify-totp accepts a first code',
    errors: [wrongPassword, refusal(400, 'totp_already_enabled', 'two-factor is already on'), ipLimited],
    example: { body: { password: 'correct-horse-9' } },
    response: { 200: twoFactorEnrolmentSchema },
  },
  'POST /two-factor/disable': {
    access: access.user,
    operationId: 'disableTwoFactor',
    summary: 'Turn two-factor off',
    errors: [wrongPassword, ipLimited],
    example: { body: { password: 'correct-horse-9' } },
    response: { 200: authStatusSchema },
  },
  'POST /sign-out': {
    access: access.public,
    operationId: 'signOut',
    summary: 'End the session (answers the same without one)',
    example: { body: {} },
    response: { 200: authSuccessSchema },
  },
};
