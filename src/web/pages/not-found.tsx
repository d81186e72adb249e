import { Link } from 'react-router';
import { NOT_FOUND_LINK, NOT_FOUND_TITLE } from '../../domain/not-found-texts';
import { usePageTitle } from '../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="text-7xl font-bold text-brand-600 dark:text-brand-500">404</p>
      <h1 className="text-2xl font-semibold">{NOT_FOUND_TITLE}</h1>
      <Link
        to="/"
        className="rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {NOT_FOUND_LINK}
      </Link>
    </main>
  );
}
