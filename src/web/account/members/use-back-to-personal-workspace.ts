import { toast } from 'sonner';
import { useEnterWorkspace } from '../../lib/use-enter-workspace';

/**
 * For when the user is out of a workspace (left or deleted): the session is back in the
 * personal one, so the app starts over there, and the toast says where the user is now.
 */
export function useBackToPersonalWorkspace(): (title: string) => Promise<void> {
  const enter = useEnterWorkspace();
  return async (title) => {
    await enter();
    toast.success(title, { description: 'You are back in your personal workspace.' });
  };
}
