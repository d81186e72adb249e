import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../domain/account-schemas';
import type { ActiveWorkspaceInfo } from '../../domain/api/account';
import { type SessionState, sessionAnswer } from './session';

const user = { id: 'u1', email: 'customer@panelhub.example' } as SessionUser;
const workspace: ActiveWorkspaceInfo = { id: 'w1', name: 'Personal', role: 'owner', personal: true };
const nobody = { user: null, workspace: null };

describe('sessionAnswer', () => {
  it('keeps "timed out" when the check answers after the idle timer forgot the session', () => {
    const timedOut: SessionState = { user: null, workspace: null, signedOut: true, timedOut: true };
    expect(sessionAnswer(timedOut, nobody)).toEqual(timedOut);
  });

  it('keeps a plain sign-out as one', () => {
    const signedOut: SessionState = { user: null, workspace: null, signedOut: true, timedOut: false };
    expect(sessionAnswer(signedOut, nobody)).toEqual(signedOut);
  });

  it('a 401 for a tab that still held the account is a bare "nobody"', () => {
    expect(sessionAnswer({ user, workspace }, nobody)).toEqual(nobody);
    expect(sessionAnswer(undefined, nobody)).toEqual(nobody);
  });

  it('a user in the answer wins over anything the tab forgot, with their workspace', () => {
    expect(
      sessionAnswer({ user: null, workspace: null, signedOut: true, timedOut: true }, { user, workspace }),
    ).toEqual({ user, workspace });
  });

  it('keeps a person who belongs to no workspace signed in, with no role', () => {
    expect(sessionAnswer(undefined, { user, workspace: null })).toEqual({ user, workspace: null });
  });
});
