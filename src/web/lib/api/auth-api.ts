import { z } from 'zod';
import { api } from '../api';

/**
 * The auth endpoints the account screens call (better-auth behind /api/auth, with the
 * server's checks, rate limits and documented texts in front). Errors arrive as ApiRequestError
 * carrying the server's message.
 */

const signInResultSchema = z.object({ twoFactorRedirect: z.boolean().optional() });
export const signInWithPassword = (email: string, password: string) =>
  api('/api/auth/sign-in/email', { body: { email, password }, schema: signInResultSchema });

export const sendSignInCode = (email: string) =>
  api('/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } });

export const signInWithCode = (email: string, otp: string) =>
  api('/api/auth/sign-in/email-otp', { body: { email, otp }, schema: signInResultSchema });

/** Second step of a sign-in with two-factor on, and the confirmation step of enrolment. */
export const verifyTotp = (code: string) => api('/api/auth/two-factor/verify-totp', { body: { code } });

export const verifyBackupCode = (code: string) =>
  api('/api/auth/two-factor/verify-backup-code', { body: { code } });

export const signUp = (input: { name: string; email: string; password: string }) =>
  api('/api/auth/sign-up/email', { body: input });

/** `background` for the idle timeout's own sign-out: it is not the person's activity. */
export const signOut = ({ background = false } = {}) => api('/api/auth/sign-out', { body: {}, background });

/** The e-mailed link passes through the server and lands on /reset-password?token=... */
export const requestPasswordReset = (email: string) =>
  api('/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } });

export const resetPassword = (token: string, newPassword: string) =>
  api('/api/auth/reset-password', { body: { token, newPassword } });

/** Other sessions are ended: whoever knew the old password is signed out everywhere else. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api('/api/auth/change-password', { body: { currentPassword, newPassword, revokeOtherSessions: true } });

const enrolmentSchema = z.object({
  totpURI: z.string().startsWith('otpauth://'),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof enrolmentSchema>;

export const startTwoFactorEnrolment = (password: string) =>
  api('/api/auth/two-factor/enable', { body: { password }, schema: enrolmentSchema });

export const disableTwoFactor = (password: string) =>
  api('/api/auth/two-factor/disable', { body: { password } });
