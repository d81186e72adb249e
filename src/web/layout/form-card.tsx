import { type ComponentProps, type ReactNode, useId } from 'react';
import { UPDATING } from '../../domain/messages';
import type { SubmittableForm } from '../lib/use-zod-form';
import { Alert } from '../ui/alert';
import { SubmitButton } from '../ui/submit-button';
import { SectionCard } from './section-card';

/**
 * A SectionCard that is one useZodForm form: the failed submit's message and the fields in its
 * body, saved by the button in its footer (outside the form, tied to it by the form's id). A
 * card whose title has an id names its form by it.
 */
export function FormCard({
  form,
  submitLabel,
  intro,
  formClassName,
  children,
  ...card
}: Omit<ComponentProps<typeof SectionCard>, 'footer' | 'tone'> & {
  form: SubmittableForm;
  /** The footer button's word ('Update Profile'); while saving it says 'Updating...'. */
  submitLabel: string;
  /** Above the form, outside it: facts that cannot be edited here. */
  intro?: ReactNode;
  formClassName: string;
}) {
  const formId = useId();
  return (
    <SectionCard
      {...card}
      footer={
        <SubmitButton form={formId} busy={form.busy} busyLabel={UPDATING}>
          {submitLabel}
        </SubmitButton>
      }
    >
      {intro}
      <form
        id={formId}
        ref={form.formRef}
        onSubmit={form.submit}
        noValidate
        aria-labelledby={card.titleId}
        className={formClassName}
      >
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {children}
      </form>
    </SectionCard>
  );
}
