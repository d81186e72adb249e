import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_SENT,
  type ContactField,
  contactRequestSchema,
  contactSentDescription,
} from '../../../../domain/contact';
import { type FieldErrors, fieldErrors } from '../../../lib/form-errors';
import { useHydrated } from '../../../lib/use-hydrated';
import { Button } from '../../../ui/button';
import { FormField } from '../../../ui/form-field';
import { Input, Textarea } from '../../../ui/input';
import { sendContact } from './send-contact';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; email: string }
  | { kind: 'failed'; message: string };

const FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

function readForm(form: HTMLFormElement): Record<ContactField, string> {
  const data = new FormData(form);
  return Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? '')])) as Record<
    ContactField,
    string
  >;
}

/** The contact form (D10): checked here with the server's own schema, then sent to support. */
export function ContactForm() {
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // Without JavaScript the form cannot be sent; the page lists the support address instead.
  const hydrated = useHydrated();

  // The confirmation replaces the form: move focus to it so it is announced and in view.
  useEffect(() => {
    if (status.kind === 'sent') statusRef.current?.focus();
  }, [status.kind]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = contactRequestSchema.safeParse(readForm(form));
    if (!parsed.success) {
      const next = fieldErrors<ContactField>(parsed.error);
      setErrors(next);
      const first = FIELDS.find((f) => next[f]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const result = await sendContact(parsed.data);
    setStatus(
      result.ok ? { kind: 'sent', email: parsed.data.email } : { kind: 'failed', message: result.message },
    );
  }

  if (status.kind === 'sent') {
    return (
      <div
        ref={statusRef}
        role="status"
        tabIndex={-1}
        className="scroll-mt-24 rounded-2xl focus:outline-none border border-emerald-200 bg-emerald-50 p-6 dark:border-emerald-900 dark:bg-emerald-950/40"
      >
        <div className="flex gap-3">
          <CheckCircle2
            className="h-6 w-6 shrink-0 text-emerald-700 dark:text-emerald-300"
            aria-hidden="true"
          />
          <div>
            <h2 className="font-semibold text-emerald-900 dark:text-emerald-100">{CONTACT_SENT}</h2>
            <p className="mt-1 text-emerald-800 dark:text-emerald-200">
              {contactSentDescription(status.email)}
            </p>
            <Button
              variant="outline"
              size="sm"
              className="mt-4"
              onClick={() => {
                setStatus({ kind: 'idle' });
                formRef.current?.reset();
              }}
            >
              Send another message
            </Button>
          </div>
        </div>
      </div>
    );
  }

  const fieldProps = (name: ContactField, describedBy: string | undefined) => ({
    id: `contact-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Contact form">
      {status.kind === 'failed' && (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {status.message}
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={errors.name}>
          {(describedBy) => (
            <Input
              {...fieldProps('name', describedBy)}
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              required
            />
          )}
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email}>
          {(describedBy) => (
            <Input
              {...fieldProps('email', describedBy)}
              type="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              required
            />
          )}
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" error={errors.subject}>
        {(describedBy) => (
          <Input {...fieldProps('subject', describedBy)} maxLength={CONTACT_LIMITS.subject} required />
        )}
      </FormField>
      <FormField
        id="contact-message"
        label="Message"
        error={errors.message}
        hint="Include your order ID if your question is about an order."
      >
        {(describedBy) => (
          <Textarea
            {...fieldProps('message', describedBy)}
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            required
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        disabled={!hydrated || status.kind === 'sending'}
        className="w-full sm:w-auto"
      >
        {status.kind === 'sending' ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
