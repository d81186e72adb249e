import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { ADMIN_QUERY_KEY } from './admin-query-key';

export interface ActionTexts<T> {
  /** The toast after success; may use the server's answer ("2 waiting orders filled"). */
  success: (result: T) => { title: string; description?: string };
  /** The error toast's title; its description is the server's own message. */
  failure: string;
}

/**
 * Runs an admin action with its toasts (D11 issue item 7): success, or the failure with the
 * server's message (which is rethrown, so a dialog can stay open and show it too). Any action
 * may change stock, orders and figures everywhere, so every admin query is refreshed.
 */
export function useAdminAction() {
  const queryClient = useQueryClient();
  return async function run<T>(work: () => Promise<T>, texts: ActionTexts<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      toast.error(texts.failure, { description: errorMessage(error, 'Please try again.') });
      throw error;
    }
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    const { title, description } = texts.success(result);
    toast.success(title, description ? { description } : undefined);
    return result;
  };
}
