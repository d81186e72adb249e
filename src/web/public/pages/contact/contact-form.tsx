import { useEffect, useRef, useState } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_SENT,
  type ContactField,
  contactRequestSchema,
  contactSentDescription,
} from '../../../../domain/contact';
import { CheckCircle2 } from '../../../lib/icons/check-circle-2';
import { useHydrated } from '../../../lib/use-hydrated';
import { useZodForm } from '../../../lib/use-zod-form';
import { Button } from '../../../ui/button';
import { TextareaField, TextField } from '../../../ui/text-field';
import { sendContact } from '../../api/contact-api';

/** The contact form (D10): checked here with the server's own schema, then sent to support. */
export function ContactForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  // Without JavaScript the form cannot be sent; the page lists the support address instead.
  const hydrated = useHydrated();
  const { bind, busy, formRef, submit, reset } = useZodForm({
    schema: contactRequestSchema,
    initialValues: { name: '', email: '', subject: '', message: '' },
    onSubmit: async (request) => {
      setFailure(null);
      const result = await sendContact(request);
      if (result.ok) setSentTo(request.email);
      else setFailure(result.message);
    },
  });

  // The confirmation replaces the form: move focus to it so it is announced and in view.
  useEffect(() => {
    if (sentTo !== null) statusRef.current?.focus();
  }, [sentTo]);

  if (sentTo !== null) {
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
            <p className="mt-1 text-emerald-800 dark:text-emerald-200">{contactSentDescription(sentTo)}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-4"
              onClick={() => {
                setSentTo(null);
                reset();
              }}
            >
              Send another message
            </Button>
          </div>
        </div>
      </div>
    );
  }

  // Each field keeps its name, so the form still reads as one before the page is hydrated.
  const contactField = (name: ContactField, label: string) => ({
    id: `contact-${name}`,
    name,
    label,
    maxLength: CONTACT_LIMITS[name],
    required: true,
    ...bind(name),
  });

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5" aria-label="Contact form">
      {failure && (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {failure}
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...contactField('name', 'Name')} autoComplete="name" />
        <TextField {...contactField('email', 'Email')} type="email" autoComplete="email" />
      </div>
      <TextField {...contactField('subject', 'Subject')} />
      <TextareaField
        {...contactField('message', 'Message')}
        hint="Include your order ID if your question is about an order."
        rows={6}
      />
      <Button type="submit" size="lg" disabled={!hydrated || busy} className="w-full sm:w-auto">
        {busy ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
