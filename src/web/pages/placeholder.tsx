import type { RouteObject } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

/** Stands in for a screen whose issue has not landed yet; it only names the page. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <main className="mx-auto max-w-5xl px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
    </main>
  );
}

export const placeholderRoute = (path: string, title: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} />,
});
