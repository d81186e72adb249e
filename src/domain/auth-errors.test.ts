import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './api/error-codes';
import { authErrorCode, authErrorMessage } from './auth-errors';

describe('authErrorMessage', () => {
  it('uses the documented texts word for word', () => {
    expect(authErrorMessage('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password')).toBe(
      'Invalid email or password. Please try again.',
    );
    expect(authErrorMessage('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'x')).toBe(
      'This email is already registered. Please log in instead.',
    );
    expect(authErrorMessage('EMAIL_NOT_VERIFIED', 'Email not verified')).toBe(
      'Please confirm your email before logging in.',
    );
  });

  it('falls back to the raw message, else Authentication failed', () => {
    expect(authErrorMessage('SOMETHING_ELSE', 'Raw message')).toBe('Raw message');
    expect(authErrorMessage(undefined, '')).toBe('Authentication failed');
  });
});

describe('authErrorCode', () => {
  // One code of ours for the library's synonyms that the product words alike.
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 'invalid_email_or_password'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'user_already_exists'],
    ['CREDENTIAL_ACCOUNT_NOT_FOUND', 'invalid_password'],
    ['TOKEN_EXPIRED', 'invalid_token'],
    ['UNAUTHORIZED', 'unauthorized'],
  ])("answers the library's %s as our %s", (library, ours) => {
    expect(authErrorCode(library)).toBe(ours);
  });

  it("answers 'auth_error' for a code the product does not name, or none", () => {
    expect(authErrorCode('FAILED_TO_CREATE_SESSION')).toBe('auth_error');
    expect(authErrorCode('invalid_password')).toBe('auth_error');
    expect(authErrorCode(undefined)).toBe('auth_error');
    expect(authErrorCode('toString')).toBe('auth_error');
    expect(ERROR_CODES).toContain(authErrorCode('SOMETHING_NEW'));
  });
});
