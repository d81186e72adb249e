import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../domain/routes';
import { routes } from './routes';

/** Paths of the table, including those nested inside pathless guard and layout routes. */
const pathsOf = (table: RouteObject[]): string[] =>
  table.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);

/** Every page path, each with whether some route on its way down has an error page. */
function coverage(table: RouteObject[], covered = false): [string, boolean][] {
  return table.flatMap((route) => {
    const here = covered || route.ErrorBoundary !== undefined;
    return [
      ...(route.path ? [[route.path, here] as [string, boolean]] : []),
      ...coverage(route.children ?? [], here),
    ];
  });
}

describe('web route table', () => {
  it('has exactly the routes the server knows, plus the 404 catch-all', () => {
    const webPaths = pathsOf(routes).filter((p) => p !== '*');
    expect(webPaths).toHaveLength(new Set(webPaths).size);
    expect(new Set(webPaths)).toEqual(new Set(APP_ROUTES.map((r) => r.path)));
    expect(routes.at(-1)?.path).toBe('*');
  });

  it('puts every page but the 404 catch-all under an area error page', () => {
    const uncovered = coverage(routes).filter(([path, covered]) => !covered && path !== '*');
    expect(uncovered).toEqual([]);
  });
});
