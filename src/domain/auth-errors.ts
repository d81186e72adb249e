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
