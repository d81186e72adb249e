import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog';

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
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={title}
      className="space-y-5"
      confirm={{ label, busyLabel, tone: 'danger' }}
      onConfirm={onConfirm}
    >
      <div className="space-y-3 text-sm text-slate-600 dark:text-slate-400">{children}</div>
    </ConfirmDialog>
  );
}
