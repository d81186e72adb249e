import type { ReactNode } from 'react';
import type { SubmittableForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { SubmitButton } from '../../ui/submit-button';

/**
 * A useZodForm form of the sign-in and account screens: the failed submit's message on top,
 * the fields, then one submit button as wide as the form.
 */
export function StackedForm({
  form,
  submit,
  children,
}: {
  form: SubmittableForm;
  /** The button's word, and what it says while the form is busy ('Saving...'). */
  submit: { label: string; busyLabel: string };
  children: ReactNode;
}) {
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate className="space-y-5">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      {children}
      <SubmitButton busy={form.busy} busyLabel={submit.busyLabel} className="w-full">
        {submit.label}
      </SubmitButton>
    </form>
  );
}
