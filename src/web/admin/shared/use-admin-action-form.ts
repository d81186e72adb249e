import type { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { useZodForm } from '../../lib/use-zod-form';
import { type ActionTexts, useAdminAction } from './use-admin-action';

/**
 * An admin dialog's form whose submit is one admin action: checked with its schema, run with the
 * action's toasts, the server's words above the form when it fails (the dialog stays open), and
 * `onDone` once it succeeded.
 */
export function useAdminActionForm<Values extends Record<string, string>, Parsed, Result>({
  schema,
  initialValues,
  action,
  texts,
  onDone,
}: {
  schema: z.ZodType<Parsed, Values>;
  initialValues: Values;
  action: (data: Parsed) => Promise<Result>;
  texts: ActionTexts<Result>;
  onDone: () => void;
}) {
  const run = useAdminAction();
  return useZodForm({
    schema,
    initialValues,
    onSubmit: async (data) => {
      await run(() => action(data), texts);
      onDone();
    },
    onError: (error) => errorMessage(error, 'Please try again.'),
  });
}
