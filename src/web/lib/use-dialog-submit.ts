import { useState } from 'react';
import { errorMessage } from './api';
import { useBusy } from './use-busy';

/**
 * A dialog's submit: busy while it runs (the dialog then ignores Escape and the backdrop), and
 * the reason when it fails, kept for the dialog to show while it stays open. Resolves to
 * whether the work succeeded, so the dialog knows when to close.
 */
export function useDialogSubmit(
  describe: (error: unknown) => string = (e) => errorMessage(e, 'Please try again.'),
) {
  const { busy, track } = useBusy();
  const [error, setError] = useState<string | null>(null);

  const submit = async (work: () => Promise<unknown>): Promise<boolean> => {
    setError(null);
    try {
      await track(work);
      return true;
    } catch (caught) {
      setError(describe(caught));
      return false;
    }
  };

  return { busy, error, submit, clearError: () => setError(null) };
}

/**
 * A dialog that confirms one action: closing forgets the last failure, and confirming runs
 * the action and closes the dialog once it succeeded (a failure keeps it open, with its reason).
 */
export function useConfirmDialog(
  onClose: () => void,
  onConfirm: () => Promise<unknown>,
  describe?: (error: unknown) => string,
) {
  const { busy, error, submit, clearError } = useDialogSubmit(describe);
  const close = () => {
    clearError();
    onClose();
  };
  const confirm = async () => {
    if (await submit(onConfirm)) close();
  };
  return { busy, error, close, confirm };
}
