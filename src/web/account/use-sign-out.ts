import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LOGGED_OUT, LOGGED_OUT_DESCRIPTION } from '../../domain/messages';
import { ApiRequestError, errorMessage } from '../lib/api';
import { signOut } from './auth-api';
import { useSessionActions } from './session';

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
