/** A link inside running text: underlined on hover and brand-coloured, with a visible focus ring. */
export const inlineLinkClasses =
  'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-indigo-300';
