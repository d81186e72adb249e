import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';
import { PageHeading } from './page-heading';

/** The frame of a signed-in page: its title (also the document title), a line of context, the content. */
export function AppPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <header className="mb-8">
        <PageHeading title={title} description={description} />
      </header>
      <div className="space-y-6">{children}</div>
    </div>
  );
}
