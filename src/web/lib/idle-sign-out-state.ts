// Kept apart from idle-sign-out.ts so the login page does not load the settings API to read it.

/** What the guard hands to /login when the idle timeout ended the session. */
export const IDLE_SIGN_OUT_STATE = { signedOutBecause: 'idle' } as const;

export function signedOutIdle(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'signedOutBecause' in state &&
    state.signedOutBecause === IDLE_SIGN_OUT_STATE.signedOutBecause
  );
}
