import type { ReactNode } from 'react';
import type { DialogForm } from '../lib/use-dialog-form';
import { Alert } from './alert';
import { Dialog } from './dialog';

/**
 * A dialog that is one useDialogForm form: the failed submit's message on top, then the fields
 * and buttons. Closing it is the form's `close`; while the form is busy it cannot be dismissed.
 */
export function FormDialog({
  form,
  open,
  title,
  description,
  className = 'space-y-5',
  children,
}: {
  form: DialogForm;
  open: boolean;
  title: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={form.close} dismissible={!form.busy} title={title} description={description}>
      <form ref={form.formRef} onSubmit={form.submit} noValidate className={className}>
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {children}
      </form>
    </Dialog>
  );
}
