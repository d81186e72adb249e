import type { ReactNode } from 'react';
import type { SubmittableForm } from '../lib/use-zod-form';
import { Alert } from './alert';
import { Dialog } from './dialog';

/**
 * A dialog that is one useZodForm form: the failed submit's message on top, then the fields
 * and buttons. While the form is busy the dialog cannot be dismissed.
 */
export function FormDialog({
  form,
  open,
  onClose,
  title,
  description,
  className = 'space-y-5',
  children,
}: {
  form: SubmittableForm;
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} dismissible={!form.busy} title={title} description={description}>
      <form ref={form.formRef} onSubmit={form.submit} noValidate className={className}>
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {children}
      </form>
    </Dialog>
  );
}
