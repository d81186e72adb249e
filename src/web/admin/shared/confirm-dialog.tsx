import type { ComponentProps } from 'react';
import { ConfirmDialog as Confirmation } from '../../ui/confirm-dialog';

/**
 * "Are you sure?" for an admin action: says what will happen, runs it, and on failure keeps the
 * dialog open with the server's reason (the last admin cannot be demoted, the request was
 * decided meanwhile...). `onConfirm` throws on failure (see useAdminAction).
 */
export function ConfirmDialog(props: Omit<ComponentProps<typeof Confirmation>, 'className' | 'failure'>) {
  return (
    // whitespace-normal: the dialog may sit in a nowrap table cell, and inherits its CSS
    <Confirmation
      {...props}
      className="space-y-4 text-sm whitespace-normal text-slate-700 dark:text-slate-300"
    />
  );
}
