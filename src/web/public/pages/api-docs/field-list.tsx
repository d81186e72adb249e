import type { FieldRow } from './openapi-model';

/**
 * Fields as a list that wraps on a phone: name, type, then notes. What a client sends says which
 * fields it must give; what it gets says which may be missing (the rest are always there).
 */
export function FieldList({
  label,
  fields,
  direction,
}: {
  label: string;
  fields: readonly (FieldRow & { in?: string })[];
  direction: 'request' | 'answer';
}) {
  return (
    <ul
      aria-label={label}
      className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
    >
      {fields.map((field) => (
        <li key={field.name} className="px-4 py-3 text-sm">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <code className="font-mono font-semibold break-all text-slate-900 dark:text-white">
              {field.name}
            </code>
            <span className="text-slate-600 dark:text-slate-400">
              {field.type}
              {field.in ? `, in ${field.in}` : ''}
            </span>
            {direction === 'request' && field.required && (
              <span className="text-xs font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
                required
              </span>
            )}
            {direction === 'answer' && !field.required && (
              <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                may be absent
              </span>
            )}
          </div>
          {field.notes.length > 0 && (
            <p className="mt-1 break-words text-slate-600 dark:text-slate-400">{field.notes.join(' · ')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
