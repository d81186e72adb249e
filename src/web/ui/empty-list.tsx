import type { ReactNode } from 'react';

/** What a list card says in place of rows when it has none. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="px-5 py-10 text-center text-sm text-slate-600 sm:px-6 dark:text-slate-400">{children}</p>
  );
}
