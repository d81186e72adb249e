import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  LOGGED_OUT,
  LOGGED_OUT_DESCRIPTION,
  SIGNED_OUT,
  SIGNED_OUT_ELSEWHERE_DESCRIPTION,
} from '../../domain/messages';
import { ApiRequestError, errorMessage } from './api';
import { signOut } from './api/auth-api';
import { useSessionActions } from './session';
import { onSessionNews } from './session-shared';

/** Logout (spec, signed-in layout): end the session, forget cached data, toast, then /login. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { forget } = useSessionActions();
  const finish = async () => {
    forget();
    toast.success(LOGGED_OUT, { description: LOGGED_OUT_DESCRIPTION });
    await navigate('/login', { replace: true });
  };
  return async () => {
    try {
      await signOut();
    } catch (error) {
      // 401: the server had already ended the session (idle timeout); the user is out either way.
      if (error instanceof ApiRequestError && error.status === 401) return finish();
      toast.error('Could not log out', { description: errorMessage(error, 'Please try again.') });
      return;
    }
    return finish();
  };
}

/**
 * The SIGNED_OUT toast of docs/product.md §4: the account was signed out in another tab (its
 * Logout button, or a deleted account). This tab forgets the session too and says so; the
 * guard then sends it to /login. The tab that signed out says LOGGED_OUT itself (above).
 * When another tab's idle timer ended the shared session, this tab follows it to the login
 * page that says why (the guard), without the toast.
 */
export function useFollowSignOutElsewhere(): void {
  const { forgetQuietly } = useSessionActions();
  useEffect(
    () =>
      onSessionNews((news) => {
        if (news === 'timed-out') return forgetQuietly(true);
        if (news !== 'signed-out') return;
        forgetQuietly();
        toast.success(SIGNED_OUT, { description: SIGNED_OUT_ELSEWHERE_DESCRIPTION });
      }),
    [forgetQuietly],
  );
}
