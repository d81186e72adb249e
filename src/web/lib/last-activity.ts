// When the person last made a request that the server counts as activity for the idle timeout
// (any request but the page's own background refreshes: src/server/auth/session.ts). Kept in
// localStorage so every tab of the browser shares one clock: a tab left open does not sign out
// while the person works in another, since they share one session. Plain code, no libraries:
// the public pages load it too.

/** The localStorage key; the privacy page names it. */
export const LAST_ACTIVITY_STORAGE_KEY = 'lastActivityAt';

/** This tab's own latest, for browsers where storage is unavailable (private mode, blocked). */
let ownLatest = 0;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Records that the person made a counted request at `at` (ms since the epoch). */
export function noteActivity(at: number = Date.now()): void {
  ownLatest = Math.max(ownLatest, at);
  try {
    const stored = storedActivity();
    if (stored === null || at > stored) storage()?.setItem(LAST_ACTIVITY_STORAGE_KEY, String(at));
  } catch {
    // Quota or privacy settings: this tab still keeps its own.
  }
}

/** The latest activity any tab of this browser recorded, or null when none is known. */
export function lastActivityAt(): number | null {
  const latest = Math.max(ownLatest, storedActivity() ?? 0);
  return latest > 0 ? latest : null;
}

function storedActivity(): number | null {
  try {
    const stored = Number(storage()?.getItem(LAST_ACTIVITY_STORAGE_KEY) ?? Number.NaN);
    return Number.isFinite(stored) ? stored : null;
  } catch {
    // Unreadable storage: this tab's own is all there is.
    return null;
  }
}
