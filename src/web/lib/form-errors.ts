import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per top-level field of a failed zod parse, for inline field errors. */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const result: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in result)) result[key as K] = issue.message;
  }
  return result;
}

/** Moves focus to the first invalid control, so its error (aria-describedby) is announced. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * Parses a form's values with its schema. On failure each field shows its first error and focus
 * moves to the first invalid control; the parsed values come back only when every field is valid.
 */
export function checkFields<Values, Parsed>(
  schema: z.ZodType<Parsed, Values>,
  values: Values,
  form: HTMLFormElement | null,
  setErrors: (errors: FieldErrors<keyof Values & string>) => void,
): Parsed | undefined {
  const parsed = schema.safeParse(values);
  if (parsed.success) {
    setErrors({});
    return parsed.data;
  }
  setErrors(fieldErrors(parsed.error));
  focusFirstInvalid(form);
  return undefined;
}
