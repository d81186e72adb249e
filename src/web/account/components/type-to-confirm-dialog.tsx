import type { ComponentProps, ReactNode } from 'react';
import { z } from 'zod';
import { useDialogForm } from '../../lib/use-dialog-form';
import { CancelAndConfirm } from '../../ui/dialog-actions';
import { FormDialog } from '../../ui/form-dialog';
import { TextField } from '../../ui/text-field';

const typedSchema = z.object({ typed: z.string().trim() });

/**
 * Asks before a deletion by having the name of what goes typed out: the red button stays off
 * until the typed text `matches`, so a slip of the mouse deletes nothing. A failure shows above
 * the field, in the words `onError` gives it.
 */
export function TypeToConfirmDialog({
  open,
  onClose,
  title,
  description,
  input,
  matches,
  action,
  onConfirm,
  onError,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The field the name is typed in. */
  input: Pick<ComponentProps<typeof TextField>, 'id' | 'label' | 'type'>;
  matches: (typed: string) => boolean;
  /** The red button's word. */
  action: string;
  /** Runs with the typed text (trimmed) once it matches; gets `close`, for when it is done. */
  onConfirm: (typed: string, close: () => void) => Promise<void>;
  onError: (error: unknown) => string;
}) {
  const form = useDialogForm(onClose, {
    schema: typedSchema,
    initialValues: { typed: '' },
    invalidAs: 'alert',
    onSubmit: async ({ typed }, close) => {
      if (matches(typed)) await onConfirm(typed, close);
    },
    onError,
  });
  const typedMatches = matches(form.values.typed);
  return (
    <FormDialog open={open} form={form} title={title} description={description}>
      <TextField
        {...input}
        value={form.values.typed}
        onChange={form.field('typed')}
        autoComplete="off"
        spellCheck={false}
      />
      <CancelAndConfirm
        busy={form.busy}
        onCancel={form.close}
        label={action}
        busyLabel="Deleting..."
        disabled={!typedMatches}
        tone="danger"
      />
    </FormDialog>
  );
}
