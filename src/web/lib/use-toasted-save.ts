import { useState } from 'react';
import { toast } from 'sonner';
import { toastFailure } from './toast-failure';

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
      toastFailure(failureTitle)(error);
    } finally {
      setBusy(false);
    }
  };

  return { busy, save };
}
