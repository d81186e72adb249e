import type { ErrorCode } from './api/error-codes';
import {
  AUTH_ALREADY_REGISTERED,
  AUTH_EMAIL_NOT_CONFIRMED,
  AUTH_FAILED,
  AUTH_INVALID_CREDENTIALS,
} from './messages';

/**
 * The auth library's error codes translated to the documented texts (docs/product.md §8). Codes not
 * listed keep the library's own message, or 'Authentication failed'.
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: AUTH_INVALID_CREDENTIALS,
  INVALID_PASSWORD: AUTH_INVALID_CREDENTIALS,
  CREDENTIAL_ACCOUNT_NOT_FOUND: AUTH_INVALID_CREDENTIALS,
  USER_ALREADY_EXISTS: AUTH_ALREADY_REGISTERED,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AUTH_ALREADY_REGISTERED,
  EMAIL_NOT_VERIFIED: AUTH_EMAIL_NOT_CONFIRMED,
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters.',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters.',
  INVALID_OTP: 'That code is not valid. Check the latest email or request a new code.',
  OTP_EXPIRED: 'That code has expired. Request a new one.',
  TOO_MANY_ATTEMPTS: 'Too many attempts with this code. Request a new one.',
  INVALID_CODE: 'That code is not valid. Try again with the current code from your app.',
  INVALID_BACKUP_CODE: 'That backup code is not valid.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in took too long. Please sign in again.',
  INVALID_TOKEN: 'This link is invalid or has expired. Request a new one.',
};

export function authErrorMessage(code: string | undefined, message: string | undefined): string {
  if (code && MESSAGES[code]) return MESSAGES[code];
  return message?.trim() ? message : AUTH_FAILED;
}

/**
 * The auth library's error codes in ours. Its list grows with each version, so a refusal it
 * names otherwise answers 'auth_error' rather than a code no client was told of. Synonyms
 * fold into one code, since a client acts on them alike.
 */
const CODES: Record<string, ErrorCode> = {
  UNAUTHORIZED: 'unauthorized',
  INVALID_EMAIL_OR_PASSWORD: 'invalid_email_or_password',
  // Confirming with a password on an account that has none: whatever was typed is wrong.
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'invalid_password',
  INVALID_PASSWORD: 'invalid_password',
  USER_ALREADY_EXISTS: 'user_already_exists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'user_already_exists',
  EMAIL_NOT_VERIFIED: 'email_not_verified',
  PASSWORD_TOO_SHORT: 'password_too_short',
  PASSWORD_TOO_LONG: 'password_too_long',
  INVALID_OTP: 'invalid_otp',
  OTP_EXPIRED: 'otp_expired',
  TOO_MANY_ATTEMPTS: 'too_many_attempts',
  INVALID_CODE: 'invalid_code',
  INVALID_BACKUP_CODE: 'invalid_backup_code',
  INVALID_TWO_FACTOR_COOKIE: 'invalid_two_factor_cookie',
  TOTP_NOT_ENABLED: 'totp_not_enabled',
  // Backup codes come with the authenticator: without one there are none.
  BACKUP_CODES_NOT_ENABLED: 'totp_not_enabled',
  TOTP_ALREADY_ENABLED: 'totp_already_enabled',
  ACCOUNT_TEMPORARILY_LOCKED: 'account_temporarily_locked',
  INVALID_TOKEN: 'invalid_token',
  TOKEN_EXPIRED: 'invalid_token',
};

export function authErrorCode(code: string | undefined): ErrorCode {
  return (code && Object.hasOwn(CODES, code) && CODES[code]) || 'auth_error';
}
