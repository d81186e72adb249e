import type { ReactNode } from 'react';
import { useConfirmDialog } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Dialog } from '../../ui/dialog';
import { CancelAndConfirm } from '../../ui/dialog-actions';

/**
 * 'Are you sure?' before something that cannot be undone (revoking a key, deleting an
 * endpoint). Stays open with the server's reason when the removal fails.
 */
export function ConfirmRemovalDialog({
  open,
  onClose,
  title,
  children,
  label,
  busyLabel,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  label: string;
  busyLabel: string;
  /** Resolves once removed; the dialog then closes. */
  onConfirm: () => Promise<unknown>;
}) {
  const { busy, error, close, confirm } = useConfirmDialog(onClose, onConfirm);
  return (
    <Dialog open={open} onClose={close} dismissible={!busy} title={title}>
      <div className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <div className="space-y-3 text-sm text-slate-600 dark:text-slate-400">{children}</div>
        <CancelAndConfirm
          busy={busy}
          onCancel={close}
          label={label}
          busyLabel={busyLabel}
          onConfirm={() => void confirm()}
          tone="danger"
        />
      </div>
    </Dialog>
  );
}
