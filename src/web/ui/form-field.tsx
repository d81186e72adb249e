import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Receives the ids the control must point at (aria-describedby), so errors are announced. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** A label, a control and its hint or error, wired together for screen readers. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  // The hint gives way to the error, so only the text on screen is referenced.
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children(describedBy)}
      {hintId && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
