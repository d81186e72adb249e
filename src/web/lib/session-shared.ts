// The parts of the session that every page may load, public ones included: whether someone is
// signed in, as this tab last learned it, and news between tabs. No schema library and no query
// cache here: the public pages ship in the first download (session.ts, which validates the
// session and keeps it for the signed-in pages, is loaded with those pages only).

import { fetchSignedIn } from './api/signed-in-api';

/** What this tab last learned about the session, and when. */
let known: { signedIn: boolean; at: number } | undefined;
const knownListeners = new Set<() => void>();

/** Records what this tab learned: session.ts after each GET /api/me and sign-out, the public navigation after its own check. */
export function noteSignedIn(signedIn: boolean): void {
  known = { signedIn, at: Date.now() };
  for (const listener of knownListeners) listener();
}

/** Whether someone is signed in, as far as this tab knows (false when it does not know yet). */
export function knownSignedIn(): boolean {
  return known?.signedIn ?? false;
}

/** How long ago this tab last learned about the session (Infinity when never). */
export function knownAgeMs(): number {
  return known ? Date.now() - known.at : Number.POSITIVE_INFINITY;
}

export function onKnownChange(listener: () => void): () => void {
  knownListeners.add(listener);
  return () => knownListeners.delete(listener);
}

/**
 * 'timed-out': the idle timeout ended the session (every tab shares it, and its last activity).
 * 'workspace-changed': the session moved into another workspace, for every tab at once.
 */
type SessionNews = 'signed-in' | 'signed-out' | 'timed-out' | 'workspace-changed';
const NEWS: readonly unknown[] = [
  'signed-in',
  'signed-out',
  'timed-out',
  'workspace-changed',
] satisfies SessionNews[];

const newsListeners = new Set<(news: SessionNews) => void>();
let channel: BroadcastChannel | null | undefined;

/**
 * One channel per tab, used both to send and to listen: a BroadcastChannel never receives its
 * own messages, so a tab is not told what it did itself. Null where the browser has none.
 */
function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('session');
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (!NEWS.includes(event.data)) return;
        for (const listener of newsListeners) listener(event.data as SessionNews);
      };
    }
  }
  return channel;
}

/** Tells this site's other tabs that this one signed in or out, or changed workspace. */
export function announceSession(news: SessionNews): void {
  sessionChannel()?.postMessage(news);
}

/** Calls `listener` when another tab of this site signs in or out (or times out); returns the unsubscribe. */
export function onSessionNews(listener: (news: SessionNews) => void): () => void {
  sessionChannel();
  newsListeners.add(listener);
  return () => newsListeners.delete(listener);
}

/**
 * Asks GET /api/me whether it names a user, for pages that only need to know that (the public
 * navigation), and records the answer. An answer that cannot be had changes nothing: the page
 * stays as it was, prerendered for a visitor.
 */
export async function checkSignedIn(): Promise<void> {
  const signedIn = await fetchSignedIn();
  if (signedIn !== undefined) noteSignedIn(signedIn);
}
