/**
 * An inline link inside running text: underlined, because colour alone does not tell a link
 * apart from the words around it (WCAG 1.4.1).
 */
export const textLinkClasses =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-indigo-300 dark:hover:text-indigo-200';
