import type { ComponentProps, ReactNode } from 'react';
import type { DialogForm } from '../../lib/use-dialog-form';
import { CancelAndConfirm } from '../../ui/dialog-actions';
import { FormDialog } from '../../ui/form-dialog';
import { TextField } from '../../ui/text-field';

/**
 * Asks before a deletion by having the name of what goes typed out: the red button stays off
 * until the typed text `matches`, so a slip of the mouse deletes nothing.
 */
export function TypeToConfirmDialog({
  open,
  form,
  title,
  description,
  input,
  matches,
  action,
}: {
  open: boolean;
  form: DialogForm;
  title: string;
  description: ReactNode;
  /** The field the name is typed in. */
  input: Pick<ComponentProps<typeof TextField>, 'id' | 'label' | 'type' | 'value' | 'onChange'>;
  matches: boolean;
  /** The red button's word. */
  action: string;
}) {
  return (
    <FormDialog open={open} form={form} title={title} description={description}>
      <TextField {...input} autoComplete="off" spellCheck={false} />
      <CancelAndConfirm
        busy={form.busy}
        onCancel={form.close}
        label={action}
        busyLabel="Deleting..."
        disabled={!matches}
        tone="danger"
      />
    </FormDialog>
  );
}
