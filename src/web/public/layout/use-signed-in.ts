import { useEffect, useSyncExternalStore } from 'react';
import {
  checkSignedIn,
  knownAgeMs,
  knownSignedIn,
  noteSignedIn,
  onKnownChange,
  onSessionNews,
} from '../../lib/session-shared';

/** Re-ask the server at most this often while moving between public pages. */
const RECHECK_AFTER_MS = 30_000;

/**
 * Whether someone is signed in, for the public navigation. Public pages are prerendered for a
 * visitor, so this is false while React hydrates them and turns true once GET /api/me names a
 * user; on a page opened from a signed-in page it is right at once (the tab already knows).
 * Follows sign-ins and sign-outs in other tabs.
 */
export function useSignedIn(): boolean {
  const signedIn = useSyncExternalStore(onKnownChange, knownSignedIn, () => false);
  useEffect(() => {
    if (knownAgeMs() > RECHECK_AFTER_MS) void checkSignedIn();
    return onSessionNews((news) => {
      if (news === 'signed-in') void checkSignedIn();
      else if (news !== 'workspace-changed') noteSignedIn(false);
    });
  }, []);
  return signedIn;
}
