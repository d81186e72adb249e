import type { ReactNode } from 'react';
import { ChevronDown } from '../../lib/icons/chevron-down';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/**
 * Questions as native <details> disclosures: keyboard and screen-reader friendly, and they
 * open without JavaScript in the prerendered page.
 */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item) => (
        <details key={item.question} className="group px-5 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-white [&::-webkit-details-marker]:hidden">
            <span className="text-base">{item.question}</span>
            <ChevronDown
              className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <div className="space-y-3 pb-5 leading-7 text-slate-600 dark:text-slate-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-indigo-300">
            {item.answer}
          </div>
        </details>
      ))}
    </div>
  );
}
