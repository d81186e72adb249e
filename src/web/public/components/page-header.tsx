import type { ReactNode } from 'react';

/**
 * The top of a public page: a tinted band under the transparent navigation bar, with the
 * page's one h1. The top padding clears the fixed navigation; inside the app's layout (a
 * signed-in user's /pricing and /help) its top bar already does.
 */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 to-white pt-32 pb-12 sm:pt-40 sm:pb-16 group-data-[frame=app]/frame:pt-10 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-indigo-300">
            {eyebrow}
          </p>
        )}
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          {title}
        </h1>
        {children && (
          <div className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-600 dark:text-slate-300">
            {children}
          </div>
        )}
      </div>
    </div>
  );
}
