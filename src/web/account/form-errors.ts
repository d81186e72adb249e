import type { z } from 'zod';
import { ApiRequestError } from '../lib/api';

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

/** The server rejected the password the user typed to confirm an action (better-auth's INVALID_PASSWORD). */
export const isWrongPassword = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.code === 'invalid_password';
