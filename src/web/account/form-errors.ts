import { ApiRequestError } from '../lib/api';

/** The server rejected the password the user typed to confirm an action (better-auth's INVALID_PASSWORD). */
export const isWrongPassword = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.code === 'invalid_password';
