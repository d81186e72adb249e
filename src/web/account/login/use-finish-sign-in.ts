import { toast } from 'sonner';
import { SIGNED_IN } from '../../../domain/messages';
import { useSessionActions } from '../../lib/session';
import { announceSession } from '../../lib/session-shared';

/**
 * The last step of every sign-in (password, e-mailed code, two-factor): load the new session.
 * GuestOnly, around /login, then sends the user on to the return target or /dashboard.
 */
export function useFinishSignIn(): () => Promise<void> {
  const { refresh } = useSessionActions();
  return async () => {
    const state = await refresh();
    if (!state.user) {
      throw new Error('Your browser did not keep the session. Allow cookies for this site and try again.');
    }
    announceSession('signed-in');
    toast.success(SIGNED_IN);
  };
}
