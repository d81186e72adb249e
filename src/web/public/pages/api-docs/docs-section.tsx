import type { ReactNode } from 'react';

/**
 * Long-form text inside the docs: headings, paragraphs, lists, inline code and links. List and
 * paragraph rules reach only the section's own children, so the field lists keep their look.
 */
const prose = [
  'text-base leading-7 text-slate-700 dark:text-slate-300',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-indigo-300',
  '[&>h3]:mt-8 [&>h3]:mb-2 [&>h3]:text-lg [&>h3]:font-semibold [&>h3]:text-slate-900 dark:[&>h3]:text-white',
  '[&>p]:mt-4 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white',
  '[&>ul]:mt-4 [&>ul]:list-disc [&>ul]:space-y-2 [&>ul]:pl-6 [&>ul>li]:pl-1',
  '[&>ol]:mt-4 [&>ol]:list-decimal [&>ol]:space-y-1 [&>ol]:pl-6 [&>ol>li]:pl-1',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-slate-100 [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5',
  '[&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.875em] [&_:not(pre)>code]:break-words',
  '[&_:not(pre)>code]:text-slate-900 dark:[&_:not(pre)>code]:bg-slate-800 dark:[&_:not(pre)>code]:text-slate-100',
].join(' ');

/** One section of /docs/api, with the anchor the table of contents links to. */
export function DocsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className={`scroll-mt-24 ${prose}`}>
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
