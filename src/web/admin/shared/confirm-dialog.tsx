import type { ReactNode } from 'react';
import { useConfirmDialog } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Dialog } from '../../ui/dialog';
import { CancelAndConfirm } from '../../ui/dialog-actions';

/**
 * "Are you sure?" for an admin action: says what will happen, runs it, and on failure keeps the
 * dialog open with the server's reason (the last admin cannot be demoted, the request was
 * decided meanwhile...). `onConfirm` throws on failure (see useAdminAction).
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone (a refund, a cancellation). */
  tone?: 'primary' | 'danger';
  onConfirm: () => Promise<unknown>;
}) {
  const { busy, error, close, confirm } = useConfirmDialog(onClose, onConfirm);

  return (
    <Dialog open={open} onClose={close} dismissible={!busy} title={title} description={description}>
      {/* whitespace-normal: the dialog may sit in a nowrap table cell, and inherits its CSS */}
      <div className="space-y-4 text-sm whitespace-normal text-slate-700 dark:text-slate-300">
        {error && <Alert tone="error">{error}</Alert>}
        {children}
        <CancelAndConfirm
          busy={busy}
          onCancel={close}
          cancelLabel={cancelLabel}
          label={confirmLabel}
          busyLabel={busyLabel}
          onConfirm={() => void confirm()}
          tone={tone}
        />
      </div>
    </Dialog>
  );
}
