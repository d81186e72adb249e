import { useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link, type RouteObject, useLocation, useNavigate, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';
import { Button, buttonClasses } from './button';

export const ROUTE_ERROR_TITLE = 'Something went wrong';

/**
 * What an area shows when one of its pages fails to load or render: a page that says so and
 * offers a way on, never a blank screen. The router renders it in place of the area's page
 * (the signed-in layout stays around it), and leaves it once the location changes.
 */
function RouteError() {
  const error = useRouteError();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(ROUTE_ERROR_TITLE);
  useEffect(() => {
    console.error('A page failed to render:', error);
  }, [error]);

  const retry = () => {
    // The failure may come from data: refetch it, then go to the same address again, which is
    // a new location to the router and so renders the page afresh instead of this one.
    void queryClient.invalidateQueries();
    void navigate(location, { replace: true });
  };

  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-6 px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold">{ROUTE_ERROR_TITLE}</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">
        This page could not be shown. Try again, or go back to the home page.
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button onClick={retry}>
          <RotateCw className="h-4 w-4" aria-hidden="true" />
          Retry
        </Button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          Go to the home page
        </Link>
      </div>
    </main>
  );
}

/** A pathless route that shows RouteError when any of `children` fails, instead of a blank page. */
export function withErrorPage(children: RouteObject[]): RouteObject {
  return { ErrorBoundary: RouteError, children };
}
