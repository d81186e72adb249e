import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../domain/routes';
import { routes } from './routes';

/** Paths of the table, including those nested inside pathless guard and layout routes. */
const pathsOf = (table: RouteObject[]): string[] =>
  table.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);

describe('web route table', () => {
  it('has exactly the routes the server knows, plus the 404 catch-all', () => {
    const webPaths = pathsOf(routes).filter((p) => p !== '*');
    expect(webPaths).toHaveLength(new Set(webPaths).size);
    expect(new Set(webPaths)).toEqual(new Set(APP_ROUTES.map((r) => r.path)));
    expect(routes.at(-1)?.path).toBe('*');
  });
});
