import type { FormEvent, ReactNode, RefObject } from 'react';
import { Alert } from './alert';
import { Dialog } from './dialog';

/**
 * A dialog that is one form: the failed submit's message on top, then the fields and buttons.
 * While the form is busy the dialog cannot be dismissed.
 */
export function FormDialog({
  open,
  onClose,
  busy,
  title,
  description,
  onSubmit,
  error,
  formRef,
  className = 'space-y-5',
  children,
}: {
  open: boolean;
  onClose: () => void;
  busy: boolean;
  title: string;
  description?: ReactNode;
  onSubmit: (event: FormEvent) => unknown;
  error: string | null | undefined;
  formRef?: RefObject<HTMLFormElement | null>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} dismissible={!busy} title={title} description={description}>
      <form ref={formRef} onSubmit={onSubmit} noValidate className={className}>
        {error && <Alert tone="error">{error}</Alert>}
        {children}
      </form>
    </Dialog>
  );
}
