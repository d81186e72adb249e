import { describe, expect, it } from 'vitest';
import { findRoute } from './routes';

describe('findRoute', () => {
  it('knows the documented routes and their access', () => {
    expect(findRoute('/')?.access).toBe('public');
    expect(findRoute('/admin')?.access).toBe('admin');
    expect(findRoute('/dashboard')?.access).toBe('user');
    expect(findRoute('/orders')?.access).toBe('user');
    expect(findRoute('/pricing/')?.path).toBe('/pricing');
    expect(findRoute('/checkout/sandbox/cs_123')?.path).toBe('/checkout/sandbox/:sessionId');
  });

  it('has no route for unlinked or unknown paths', () => {
    expect(findRoute('/blog')).toBeUndefined();
    expect(findRoute('/careers')).toBeUndefined();
    expect(findRoute('/checkout/sandbox/')).toBeUndefined();
    expect(findRoute('/nope')).toBeUndefined();
  });
});
