import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';
import { PageHeading } from './page-heading';

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
          <PageHeading title={title} description={description} />
        </div>
        {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
      </header>
      <div className="space-y-8">{children}</div>
    </div>
  );
}
