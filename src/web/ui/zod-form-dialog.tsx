import type { ReactNode } from 'react';
import type { DialogForm } from '../lib/use-dialog-form';
import { CancelAndConfirm, type ConfirmTexts } from './dialog-actions';
import { FormDialog } from './form-dialog';

/**
 * A FormDialog run by one useDialogForm form, its fields then the usual way out and a submit
 * button named by `confirm`. Most such dialogs explain themselves in a paragraph of small text
 * above the fields, hence the default look.
 */
export function ZodFormDialog({
  form,
  open = true,
  title,
  description,
  className = 'space-y-4 text-sm text-slate-700 dark:text-slate-300',
  confirm,
  children,
}: {
  form: DialogForm;
  open?: boolean;
  title: string;
  description?: ReactNode;
  className?: string;
  confirm: ConfirmTexts;
  children: ReactNode;
}) {
  return (
    <FormDialog form={form} open={open} title={title} description={description} className={className}>
      {children}
      <CancelAndConfirm busy={form.busy} onCancel={form.close} {...confirm} />
    </FormDialog>
  );
}
