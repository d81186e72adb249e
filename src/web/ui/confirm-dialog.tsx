import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { useConfirmDialog } from '../lib/use-dialog-submit';
import { Alert } from './alert';
import { Dialog } from './dialog';
import { CancelAndConfirm, type ConfirmTexts } from './dialog-actions';

/**
 * "Are you sure?": says what will happen, runs it, and closes once it succeeded. A failure
 * keeps the dialog open with its reason above the text: the server's message, or `failure`
 * when it gives none. While the action runs the dialog cannot be dismissed.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  className = 'space-y-4 text-sm text-slate-700 dark:text-slate-300',
  confirm,
  onConfirm,
  failure = 'Please try again.',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** The body's look: the failure, the text and the buttons are its children. */
  className?: string;
  /** The buttons' words, and 'danger' for what cannot be undone. */
  confirm: ConfirmTexts;
  /** Resolves once done; throws on failure. */
  onConfirm: () => Promise<unknown>;
  failure?: string;
  children?: ReactNode;
}) {
  const {
    busy,
    error,
    close,
    confirm: run,
  } = useConfirmDialog(onClose, onConfirm, (caught) => errorMessage(caught, failure));
  return (
    <Dialog open={open} onClose={close} dismissible={!busy} title={title} description={description}>
      <div className={className}>
        {error && <Alert tone="error">{error}</Alert>}
        {children}
        <CancelAndConfirm busy={busy} onCancel={close} onConfirm={() => void run()} {...confirm} />
      </div>
    </Dialog>
  );
}
