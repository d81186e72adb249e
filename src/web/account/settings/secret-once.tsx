import { TriangleAlert } from 'lucide-react';
import { CopyButton } from '../../ui/copy-button';

/**
 * A secret the server gives out once (an API key, a webhook signing secret): the whole text in
 * a read-only field that selects itself on focus, a copy button, and the warning that it will
 * not be shown again.
 */
export function SecretOnce({
  id,
  label,
  secret,
  copyLabel,
  copiedMessage,
  warning,
}: {
  id: string;
  label: string;
  secret: string;
  copyLabel: string;
  copiedMessage: string;
  warning: string;
}) {
  return (
    <div className="space-y-3">
      <div
        role="note"
        className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <p>{warning}</p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <textarea
          id={id}
          readOnly
          rows={2}
          value={secret}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        />
      </div>
      <CopyButton text={secret} label={copyLabel} copiedMessage={copiedMessage} />
    </div>
  );
}
