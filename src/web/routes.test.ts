import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../domain/routes';
import { routes } from './routes';

describe('web route table', () => {
  it('has exactly the routes the server knows, plus the 404 catch-all', () => {
    const webPaths = routes.map((r) => r.path).filter((p) => p !== '*');
    expect(new Set(webPaths)).toEqual(new Set(APP_ROUTES.map((r) => r.path)));
    expect(routes.at(-1)?.path).toBe('*');
  });
});
