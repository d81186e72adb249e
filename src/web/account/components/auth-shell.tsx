import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../lib/site';
import { ThemeToggle } from '../../theme/theme-toggle';
import { BrandMark } from '../../ui/brand-mark';
import { Card } from '../../ui/card';

interface AuthShellProps {
  /** The small brand label above the card (/login and /register each have their own). */
  label: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: links to the other auth screens. */
  footer?: ReactNode;
}

/** The frame of the sign-in, sign-up and password-reset screens. */
export function AuthShell({ label, title, subtitle, children, footer }: AuthShellProps) {
  const { brandName } = useSite();
  return (
    <div className="relative flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-linear-to-b from-brand-100/70 to-transparent dark:from-brand-700/15"
      />
      <header className="relative flex items-center justify-between px-4 py-4 sm:px-6">
        <Link
          to="/"
          className="inline-flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-white"
        >
          <BrandMark />
          {brandName}
        </Link>
        <ThemeToggle />
      </header>
      <main
        id="main"
        className="relative flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-md">
          <Card className="p-6 sm:p-8">
            <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase dark:text-indigo-300">
              {label}
            </p>
            <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </Card>
          {footer && (
            <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div>
          )}
        </div>
      </main>
    </div>
  );
}
