import { type SubmittableForm, useZodForm, type ZodFormOptions } from './use-zod-form';

/** What a form dialog needs of its form: the form, and the way out that forgets what was typed. */
export interface DialogForm extends SubmittableForm {
  close: () => void;
}

/**
 * The useZodForm form of a dialog. A dialog stays mounted while closed, so `close` (Cancel,
 * Escape, the backdrop, or `onSubmit` once its work is done) puts the form back to its initial
 * values before `onClose`: the next opening starts empty.
 */
export function useDialogForm<Values extends Record<string, unknown>, Parsed>(
  onClose: () => void,
  {
    onSubmit,
    ...options
  }: Omit<ZodFormOptions<Values, Parsed>, 'onSubmit'> & {
    /** Runs with the parsed values; gets `close`, for when the work is done. */
    onSubmit: (data: Parsed, close: () => void) => Promise<void>;
  },
) {
  const form = useZodForm<Values, Parsed>({ ...options, onSubmit: (data) => onSubmit(data, close) });
  const close = () => {
    form.reset();
    onClose();
  };
  return { ...form, close };
}
