import { toast } from 'sonner';
import { errorMessage } from './api';

/**
 * Says a failure in a toast: `title`, and under it the server's message (or `fallback`). As a
 * form's onError (useZodForm) it shows nothing on the form itself.
 */
export function toastFailure(title: string, fallback = 'Please try again.') {
  return (error: unknown): undefined => {
    toast.error(title, { description: errorMessage(error, fallback) });
    return undefined;
  };
}
