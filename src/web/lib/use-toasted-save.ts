import { toast } from 'sonner';
import { errorMessage } from './api';
import { useBusy } from './use-busy';

/**
 * Work whose failure is said in a toast: busy while it runs, then `failureTitle` with the
 * reason (`describe`; the server's message by default). Success is the work's own to say.
 */
export function useToastedRun(
  failureTitle: string,
  describe: (error: unknown) => string = (error) => errorMessage(error, 'Please try again.'),
) {
  const { busy, track } = useBusy();

  const run = async (work: () => Promise<void>) => {
    try {
      await track(work);
    } catch (error) {
      toast.error(failureTitle, { description: describe(error) });
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
