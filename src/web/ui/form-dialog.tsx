import type { FormEvent, ReactNode, RefObject } from 'react';
import { Alert } from './alert';
import { Dialog } from './dialog';

/** What the dialog needs of a useZodForm form: its element, its submit and how that went. */
export interface DialogForm {
  busy: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  submit: (event?: FormEvent) => unknown;
  formError: string | null;
}

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
  form: DialogForm;
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
