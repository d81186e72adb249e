import type { ComponentProps } from 'react';
import { TextareaField } from './text-field';

/** The server takes at most this many characters of a refund's reason or of its denial note. */
const NOTE_MAX = 1000;

/**
 * A required few lines of free text that someone will read: a customer's reason for a refund,
 * an admin's note back to them.
 */
export function NoteField(props: Omit<ComponentProps<typeof TextareaField>, 'required' | 'maxLength'>) {
  return <TextareaField required maxLength={NOTE_MAX} className="min-h-28" {...props} />;
}
