import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FormField } from './form-field';
import { Input, Textarea } from './input';
import { PasswordInput } from './password-input';

interface FieldFrame {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** The control is marked invalid only while its error is on screen, and points at that error. */
const invalidWhen = (error: string | undefined) => (error ? true : undefined);

/** A labelled text input (a password input with `password`) with its hint or error. */
export function TextField({
  id,
  label,
  error,
  hint,
  password,
  ...props
}: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { password?: boolean }) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(describedBy) =>
        password ? (
          <PasswordInput
            id={id}
            {...props}
            aria-invalid={invalidWhen(error)}
            aria-describedby={describedBy}
          />
        ) : (
          <Input id={id} {...props} aria-invalid={invalidWhen(error)} aria-describedby={describedBy} />
        )
      }
    </FormField>
  );
}

/** A labelled textarea with its hint or error. */
export function TextareaField({
  id,
  label,
  error,
  hint,
  ...props
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <Textarea id={id} {...props} aria-invalid={invalidWhen(error)} aria-describedby={describedBy} />
      )}
    </FormField>
  );
}
