import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-errors';

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
