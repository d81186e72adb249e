/**
 * A selectable card around a native radio: the whole card is the click target, and the
 * checked and keyboard-focused states show on the card (has-checked, has-focus-visible).
 */
export const choiceCardClasses =
  'flex cursor-pointer gap-4 rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-slate-300 has-checked:border-brand-600 has-checked:bg-brand-50/60 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-600 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/40 dark:has-checked:ring-indigo-400';

export const radioClasses = 'mt-1 h-4 w-4 shrink-0 accent-brand-600 focus:outline-none';

export const legendClasses = 'text-base font-semibold text-slate-900 dark:text-white';
