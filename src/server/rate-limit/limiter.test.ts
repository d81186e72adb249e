import { describe, expect, it } from 'vitest';
import { testDatabaseForSuite } from '../testing/test-database';
import { createRateLimiter, rateLimitMessage } from './limiter';

const database = testDatabaseForSuite();

describe('rate limiter', () => {
  it('allows up to the limit in a window, then refuses until the window passes', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const limiter = createRateLimiter(database.db, () => clock);
    const rule = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k', rule)).allowed).toBe(true);
    const refused = await limiter.hit('k', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(60);
    expect((await limiter.hit('other', rule)).allowed).toBe(true);
    clock = new Date('2026-01-01T00:01:00Z');
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
  });

  it('peeks without counting: allowed while another hit would be, again once the window passed', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const limiter = createRateLimiter(database.db, () => clock);
    const rule = { limit: 2, windowMs: 60_000 };
    expect(await limiter.peek('p', rule)).toMatchObject({ allowed: true, remaining: 2 });
    await limiter.hit('p', rule);
    for (let i = 0; i < 3; i++)
      expect(await limiter.peek('p', rule)).toMatchObject({ allowed: true, remaining: 1 });
    await limiter.hit('p', rule);
    clock = new Date('2026-01-01T00:00:20Z');
    expect(await limiter.peek('p', rule)).toEqual({ allowed: false, retryAfterSeconds: 40, remaining: 0 });
    clock = new Date('2026-01-01T00:01:00Z');
    expect(await limiter.peek('p', rule)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = createRateLimiter(database.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => limiter.hit('burst', { limit: 5, windowMs: 60_000 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('says how long to wait', () => {
    expect(rateLimitMessage(30)).toBe('Too many attempts. Please wait 30 seconds and try again.');
    expect(rateLimitMessage(600)).toBe('Too many attempts. Please wait 10 minutes and try again.');
    expect(rateLimitMessage(61)).toBe('Too many attempts. Please wait 2 minutes and try again.');
  });
});
