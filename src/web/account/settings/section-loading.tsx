import { LoaderCircle } from 'lucide-react';

/** A settings section's list while it loads: a spinner the height of a short list, not of a page. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-32 items-center justify-center text-brand-600 dark:text-indigo-300"
    >
      <LoaderCircle className="h-7 w-7 animate-spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
