import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/**
 * 'Are you sure?' before removing an item of a settings list for good (revoking a key, deleting
 * an endpoint): open while `item` is set; confirming removes it, reloads the list and says so.
 * Stays open with the server's reason when the removal fails.
 */
export function ConfirmRemovalDialog<T>({
  item,
  onClose,
  title,
  label,
  busyLabel,
  remove,
  listKey,
  onRemoved,
  children,
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  label: string;
  busyLabel: string;
  remove: (item: T) => Promise<unknown>;
  /** The list's query, loaded again once the item is gone. */
  listKey: QueryKey;
  /** Says it is done (a toast). */
  onRemoved: (item: T) => void;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const confirm = async () => {
    if (item === null) return;
    await remove(item);
    await queryClient.invalidateQueries({ queryKey: listKey });
    onRemoved(item);
  };
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={onClose}
      title={title}
      className="space-y-5"
      confirm={{ label, busyLabel, tone: 'danger' }}
      onConfirm={confirm}
    >
      <div className="space-y-3 text-sm text-slate-600 dark:text-slate-400">{children}</div>
    </ConfirmDialog>
  );
}
