import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../domain/account-schemas';
import { type SessionState, sessionAnswer } from './session';

const user = { id: 'u1', email: 'customer@panelhub.example' } as SessionUser;

describe('sessionAnswer', () => {
  it('keeps "timed out" when the check answers after the idle timer forgot the session', () => {
    const timedOut: SessionState = { user: null, signedOut: true, timedOut: true };
    expect(sessionAnswer(timedOut, null)).toEqual(timedOut);
  });

  it('keeps a plain sign-out as one', () => {
    const signedOut: SessionState = { user: null, signedOut: true, timedOut: false };
    expect(sessionAnswer(signedOut, null)).toEqual(signedOut);
  });

  it('a 401 for a tab that still held the account is a bare "nobody"', () => {
    expect(sessionAnswer({ user }, null)).toEqual({ user: null });
    expect(sessionAnswer(undefined, null)).toEqual({ user: null });
  });

  it('a user in the answer wins over anything the tab forgot', () => {
    expect(sessionAnswer({ user: null, signedOut: true, timedOut: true }, user)).toEqual({ user });
  });
});
