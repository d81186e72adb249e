import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from './api';

/**
 * Work whose failure is said in a toast: busy while it runs, then `failureTitle` with the
 * reason (`describe`; the server's message by default). Success is the work's own to say.
 */
export function useToastedRun(
  failureTitle: string,
  describe: (error: unknown) => string = (error) => errorMessage(error, 'Please try again.'),
) {
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(failureTitle, { description: describe(error) });
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}

/** A save that reports in a toast: the success line the work returns, or `failureTitle` and why. */
export function useToastedSave(failureTitle: string) {
  const { busy, run } = useToastedRun(failureTitle);
  const save = (work: () => Promise<string>) =>
    run(async () => {
      toast.success(await work());
    });
  return { busy, save };
}
