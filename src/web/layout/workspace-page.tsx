import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

/**
 * A signed-in page built around tables (dashboard, billing): like AppPage, but wider, so a
 * panel list's columns fit on a laptop, and with room for actions beside the title.
 */
export function WorkspacePage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {title}
          </h1>
          {description && <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
      </header>
      <div className="space-y-8">{children}</div>
    </div>
  );
}
