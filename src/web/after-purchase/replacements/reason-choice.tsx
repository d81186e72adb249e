import { REPLACEMENT_REASON_LABELS, REPLACEMENT_REASONS } from '../../../domain/replacements';
import { RadioCard } from '../../ui/radio-card';

const choiceClasses =
  'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3.5 py-2.5 transition-colors hover:border-slate-300 has-checked:border-brand-600 has-checked:bg-brand-50/60 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-600 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/40 dark:has-checked:ring-indigo-400';

/** What is wrong with the panel: one of the reasons the server takes, as radio buttons. */
export function ReasonChoice({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const errorId = 'report-reason-error';
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        What is wrong?
      </legend>
      {REPLACEMENT_REASONS.map((reason) => (
        <RadioCard
          key={reason}
          name="report-reason"
          value={reason}
          checked={value === reason}
          onSelect={() => onChange({ target: { value: reason } })}
          invalid={Boolean(error)}
          className={choiceClasses}
          radioClassName="h-4 w-4 shrink-0 accent-brand-600 focus:outline-none dark:accent-indigo-400"
        >
          <span className="text-sm font-medium text-slate-900 dark:text-white">
            {REPLACEMENT_REASON_LABELS[reason]}
          </span>
        </RadioCard>
      ))}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
