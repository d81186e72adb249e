import type { ReactNode } from 'react';

/** Readable long-form text (policies, about) with styled headings, lists and links. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-16 text-base leading-7 text-slate-700 sm:px-6 lg:px-8 dark:text-slate-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-indigo-300 [&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white [&_li]:pl-1 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
      {children}
    </div>
  );
}

/** The "last updated" line under a policy's header. */
export function PolicyDate({ date }: { date: string }) {
  return <p className="text-sm text-slate-600 dark:text-slate-400">Last updated: {date}</p>;
}
