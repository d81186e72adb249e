import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';
import { cn } from '../ui/cn';
import { NoPasswordNotice } from './no-password-notice';
import { PageHeading } from './page-heading';

/**
 * The frame of a signed-in page: its title (also the document title), a line of context, the
 * content. `wide` is for pages built around tables (dashboard, orders, billing, admin): a panel
 * list's columns fit on a laptop, and actions can stand beside the title.
 */
export function AppPage({
  title,
  description,
  actions,
  wide = false,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  usePageTitle(title);
  const heading = <PageHeading title={title} description={description} />;
  return (
    <div
      className={cn('mx-auto w-full px-4 py-8 sm:px-6 lg:px-8 lg:py-10', wide ? 'max-w-6xl' : 'max-w-4xl')}
    >
      {wide ? (
        <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">{heading}</div>
          {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
        </header>
      ) : (
        <header className="mb-8">{heading}</header>
      )}
      <div className={wide ? 'space-y-8' : 'space-y-6'}>
        <NoPasswordNotice />
        {children}
      </div>
    </div>
  );
}
