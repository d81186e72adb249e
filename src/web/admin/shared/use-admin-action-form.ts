import type { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { useDialogForm } from '../../lib/use-dialog-form';
import { type ActionTexts, useAdminAction } from './use-admin-action';

/**
 * An admin form whose submit is one admin action: checked with its schema, run with the
 * action's toasts, the server's words above the form when it fails. In a dialog (`onClose`
 * given) success closes it, forgetting the values; a form on a card keeps them.
 */
export function useAdminActionForm<Values extends Record<string, string>, Parsed, Result>({
  schema,
  initialValues,
  action,
  texts,
  onClose,
}: {
  schema: z.ZodType<Parsed, Values>;
  initialValues: Values;
  action: (data: Parsed) => Promise<Result>;
  texts: ActionTexts<Result>;
  onClose?: () => void;
}) {
  const run = useAdminAction();
  return useDialogForm(onClose ?? (() => {}), {
    schema,
    initialValues,
    onSubmit: async (data, close) => {
      await run(() => action(data), texts);
      if (onClose) close();
    },
    onError: (error) => errorMessage(error, 'Please try again.'),
  });
}
