import { type FormEvent, type RefObject, useRef, useState } from 'react';
import type { z } from 'zod';
import { checkFields, type FieldErrors, focusFirstInvalid } from './form-errors';

/** What a form element needs of a useZodForm form: its element, its submit and how that went. */
export interface SubmittableForm {
  busy: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  submit: (event?: FormEvent) => unknown;
  formError: string | null;
}

/**
 * How a failed submit is shown: a message above the form, errors on the fields the server
 * blamed, or undefined when it was said some other way (a toast).
 */
type SubmitFailure<Field extends string> = string | { fields: FieldErrors<Field> } | undefined;

export interface ZodFormOptions<Values extends Record<string, unknown>, Parsed> {
  /** The same schema the server applies (src/domain), so the form and the API agree on every rule. */
  schema: z.ZodType<Parsed, Values>;
  initialValues: Values;
  /** Runs with the parsed values once every field is valid; the form is busy until it settles. */
  onSubmit: (data: Parsed) => Promise<void>;
  /** Maps a failed submit to what the form shows. Without it a failure is the caller's to catch. */
  onError?: (error: unknown) => SubmitFailure<keyof Values & string>;
  /**
   * Where a failed check is shown: on its fields, focus moving to the first (the default), or
   * as the form-level error, its first message only, no field marked and focus left alone.
   */
  invalidAs?: 'fields' | 'alert';
}

/**
 * A form on a shared zod schema: its values, the first error of each invalid field (focus goes
 * to the first one, so a screen reader announces it), the form-level error of a failed submit,
 * and whether a submit is under way.
 */
export function useZodForm<Values extends Record<string, unknown>, Parsed>({
  schema,
  initialValues,
  onSubmit,
  onError,
  invalidAs = 'fields',
}: ZodFormOptions<Values, Parsed>) {
  type Field = keyof Values & string;
  /** The fields a text input edits; the others (a list of choices) are set with setValues. */
  type TextField = { [K in Field]: Values[K] extends string ? K : never }[Field];
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** The change handler of one field's input. */
  const field = (name: TextField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  /** One field's value, change handler and error, to spread on a TextField. */
  const bind = (name: TextField) => ({
    value: values[name] as string,
    onChange: field(name),
    error: errors[name],
  });

  const firstIssue = (): Parsed | undefined => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) setFormError(parsed.error.issues[0]?.message ?? null);
    return parsed.success ? parsed.data : undefined;
  };

  /** Back to the initial values with nothing shown, for a dialog that is closed. */
  const reset = () => {
    setValues(initialValues);
    setErrors({});
    setFormError(null);
  };

  /** The form's submit handler; called without an event it submits again (a 'Resend' button). */
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    const data =
      invalidAs === 'fields' ? checkFields(schema, values, formRef.current, setErrors) : firstIssue();
    if (data === undefined) return;
    setBusy(true);
    try {
      await onSubmit(data);
    } catch (error) {
      if (!onError) throw error;
      const failure = onError(error);
      if (typeof failure === 'string') setFormError(failure);
      else if (failure) {
        setErrors(failure.fields);
        focusFirstInvalid(formRef.current);
      }
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, field, bind, errors, formError, busy, formRef, submit, reset };
}
