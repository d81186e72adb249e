import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from './api';

/**
 * A save that reports in a toast: busy while it runs, then the success line the work returns,
 * or `failureTitle` with the reason it failed.
 */
export function useToastedSave(failureTitle: string) {
  const [busy, setBusy] = useState(false);

  const save = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      toast.success(await work());
    } catch (error) {
      toast.error(failureTitle, { description: errorMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return { busy, save };
}
