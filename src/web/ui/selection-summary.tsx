import { plural } from '../../domain/format';

/** How many rows are selected across pages, with a way to start over (spec: selection and export). */
export function SelectionSummary({
  count,
  noun,
  onClear,
  actions = 'export',
}: {
  count: number;
  noun: string;
  onClear: () => void;
  /** What a selection is for, as the empty state says it: 'export' unless the list offers more. */
  actions?: string;
}) {
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-400"
      aria-live="polite"
    >
      {count > 0 ? (
        <>
          <span>{plural(count, noun)} selected</span>
          <button
            type="button"
            onClick={onClear}
            className="rounded font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-indigo-300"
          >
            Clear selection
          </button>
        </>
      ) : (
        <span>
          Select {noun}s to {actions} them; the selection is kept across pages.
        </span>
      )}
    </p>
  );
}
