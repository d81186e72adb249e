import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { SessionUser } from '../../domain/account-schemas';
import type { ActiveWorkspaceInfo } from '../../domain/api/account';
import { ApiRequestError } from './api';
import { signOut } from './api/auth-api';
import { fetchMe } from './api/session-api';
import { announceSession, noteSignedIn } from './session-shared';

export const SESSION_QUERY_KEY = ['session'] as const;

export interface SessionState {
  user: SessionUser | null;
  /**
   * The workspace the session works in and the user's role there (null for a visitor, or for
   * someone who belongs to none): the pages show and hide actions by it (use-can.ts).
   */
  workspace: ActiveWorkspaceInfo | null;
  /** Set when this tab signed out (or deleted the account), so guards do not remember a return target. */
  signedOut?: boolean;
  /** Set when the idle timeout ended the session: the login page says why. */
  timedOut?: boolean;
}

/** GET /api/me: the server is the source of truth (it also applies the idle timeout); null means nobody. */
async function fetchSession(client?: QueryClient): Promise<SessionState> {
  let me: Me;
  try {
    me = await fetchMe();
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
    me = NOBODY;
  }
  // The public navigation reads this (session-shared.ts): coming back to a public page, it is right at once.
  noteSignedIn(me.user !== null);
  return sessionAnswer(client?.getQueryData<SessionState>(SESSION_QUERY_KEY), me);
}

/** What GET /api/me answers. */
type Me = Pick<SessionState, 'user' | 'workspace'>;
const NOBODY: Me = { user: null, workspace: null };

/**
 * What the tab believes once GET /api/me answered. "Nobody" after this tab already forgot the
 * session keeps why it did: a check that a request's 401 set off before the idle timer fired
 * answers after it, and must not turn "signed out after 30 idle minutes" into a bare sign-out.
 */
export function sessionAnswer(current: SessionState | undefined, me: Me): SessionState {
  if (me.user === null && current?.user === null && current.signedOut === true) return current;
  return { user: me.user, workspace: me.user ? me.workspace : null };
}

export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ client }) => fetchSession(client),
    // Coming back to the tab after a long break re-checks the session, so a session ended
    // by the 30-minute idle timeout sends the user to /login instead of failing later.
    refetchOnWindowFocus: true,
    // A 401 is an answer, not a failure; only network trouble is worth one more try.
    retry: (count, error) => !(error instanceof ApiRequestError) && count < 1,
  });
  return {
    user: query.data?.user ?? null,
    workspace: query.data?.workspace ?? null,
    signedOut: query.data?.signedOut === true,
    timedOut: query.data?.timedOut === true,
    isPending: query.isPending,
    error: query.error,
    refetch: query.refetch,
  };
}

/** Ways to change what the whole app believes about the session (stable for a query client). */
export function useSessionActions() {
  const queryClient = useQueryClient();
  return useMemo(() => sessionActions(queryClient), [queryClient]);
}

function sessionActions(queryClient: QueryClient) {
  return {
    /** Re-reads /api/me and shares the answer (after sign-in, 2FA changes, a renamed profile). */
    async refresh(): Promise<SessionState> {
      const state = await fetchSession(queryClient);
      queryClient.setQueryData(SESSION_QUERY_KEY, state);
      return state;
    },
    /**
     * Drops everything cached for the previous user, so the next one never sees it, and tells
     * the other tabs, which follow (useFollowSignOutElsewhere).
     */
    forget(): void {
      forgetSession(queryClient);
      announceSession('signed-out');
    },
    /** The same, for a sign-out (or idle timeout) that happened in another tab: nothing to tell anyone. */
    forgetQuietly(timedOut = false): void {
      forgetSession(queryClient, timedOut);
    },
    /**
     * The idle timeout passed: the page hides the account's data at once, the other tabs
     * follow, and the server's session is ended too (it has most likely ended it already, at
     * its next request; this makes sure). The sign-out is not activity: it would restart the
     * other tabs' timers.
     */
    timeOut(): void {
      forgetSession(queryClient, true);
      announceSession('timed-out');
      signOut({ background: true }).catch(() => {
        // Already ended (401) or unreachable: the server's own timeout ends it either way.
      });
    },
  };
}

function forgetSession(queryClient: QueryClient, timedOut = false): void {
  noteSignedIn(false);
  queryClient.setQueryData<SessionState>(SESSION_QUERY_KEY, {
    user: null,
    workspace: null,
    signedOut: true,
    timedOut,
  });
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] && query.queryKey[0] !== 'site',
  });
}

/**
 * 401: the session ended. 403: the user's role in the workspace changed (or they were removed
 * from it) since the page last read it; the new answer hides what the role no longer allows.
 */
const sessionMayHaveChanged = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 401 || error.status === 403);

/**
 * When any request of a signed-in page answers 401 (the server ended the session, for
 * instance after 30 idle minutes), re-check the session so the guard can send the user to
 * /login with the page they were on as the return target. A 403 re-checks it too, for the
 * workspace role it carries.
 */
export function useRecheckSessionOnUnauthorized(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] === SESSION_QUERY_KEY[0]) return;
      if (event.action.type === 'error' && sessionMayHaveChanged(event.action.error)) recheck();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        sessionMayHaveChanged(event.action.error)
      )
        recheck();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
