import { useQuery } from '@tanstack/react-query';
import { FastForward } from 'lucide-react';
import { z } from 'zod';
import { plural } from '../../../domain/format';
import { SANDBOX_CLOCK_MAX_DAYS } from '../../../domain/sandbox-clock';
import { formatDateTime } from '../../lib/dates';
import { noteSandboxOffset } from '../../lib/sandbox-clock';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { advanceSandboxClock, sandboxClockQuery } from '../api/sandbox-clock-api';
import { useAdminActionForm } from '../shared/use-admin-action-form';

const DAYS_TEXT = `Enter a whole number of days from 1 to ${SANDBOX_CLOCK_MAX_DAYS}.`;

const advanceSchema = z.object({
  days: z
    .string()
    .trim()
    .regex(/^\d+$/, DAYS_TEXT)
    .transform(Number)
    .pipe(z.number().min(1, DAYS_TEXT).max(SANDBOX_CLOCK_MAX_DAYS, DAYS_TEXT)),
});

/**
 * The sandbox clock (docs/decisions/0016-sandbox-clock.md), on the overview of a console whose
 * card payments run on the sandbox: the business time, how far it is ahead, and the one way to
 * move it. Renewals, expiries and reminders happen on their day as it advances.
 */
export function SandboxClockCard() {
  const clock = useQuery(sandboxClockQuery);
  const form = useAdminActionForm({
    schema: advanceSchema,
    initialValues: { days: '30' },
    action: async ({ days }) => {
      const moved = await advanceSandboxClock(days);
      noteSandboxOffset(moved.offsetMs);
      return moved;
    },
    texts: {
      success: (moved) => ({
        title: 'Sandbox clock advanced',
        description: `The business time is now ${formatDateTime(moved.now)}, ${plural(moved.offsetDays, 'day')} ahead of real time.`,
      }),
      failure: 'Could not advance the clock',
    },
  });
  const state = clock.data;

  return (
    <Card className="p-4 sm:p-5" role="region" aria-labelledby="sandbox-clock-title">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h2
            id="sandbox-clock-title"
            className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white"
          >
            <FastForward className="h-4 w-4 text-amber-600 dark:text-amber-400" aria-hidden="true" />
            Sandbox clock
          </h2>
          {state ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Business time{' '}
              <time dateTime={state.now} className="font-semibold text-slate-900 dark:text-white">
                {formatDateTime(state.now)}
              </time>
              {state.offsetDays > 0
                ? `, ${plural(state.offsetDays, 'day')} ahead of real time.`
                : ', the same as real time.'}
            </p>
          ) : clock.isError ? (
            <p className="mt-1 text-sm text-red-700 dark:text-red-400">
              The clock could not be read.{' '}
              <button type="button" className="underline" onClick={() => void clock.refetch()}>
                Try again
              </button>
            </p>
          ) : (
            <Skeleton className="mt-2 h-4 w-64" />
          )}
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            Card payments run on the sandbox. Advancing moves renewals, expiries and reminders forward a day
            at a time; time never goes back.
          </p>
        </div>
        <form ref={form.formRef} onSubmit={form.submit} noValidate className="flex items-start gap-3">
          <div className="w-28">
            <TextField
              id="sandbox-clock-days"
              label="Days"
              type="number"
              inputMode="numeric"
              min={1}
              max={SANDBOX_CLOCK_MAX_DAYS}
              {...form.bind('days')}
            />
          </div>
          <SubmitButton busy={form.busy} busyLabel="Advancing..." className="mt-7">
            Advance
          </SubmitButton>
        </form>
      </div>
      {form.formError && (
        <Alert tone="error" className="mt-4">
          {form.formError}
        </Alert>
      )}
    </Card>
  );
}
