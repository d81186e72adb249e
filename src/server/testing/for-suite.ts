import { afterAll, beforeAll } from 'vitest';

/**
 * What a test file or a describe block opens once for all its tests: opened before the first
 * and closed after the last, like a `let` with a beforeAll and an afterAll, in one line. The
 * handle stands in for the value from the start; reading it before the opening hook has run
 * (while the file is being collected) throws rather than hand out undefined.
 */
export function forSuite<T extends object>(open: () => Promise<T>, close: (value: T) => Promise<unknown>): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await open();
  });
  afterAll(() => value && close(value));
  return new Proxy({} as T, {
    get(_target, key) {
      if (value === undefined) throw new Error('forSuite: read inside a test or a hook, once it is open');
      return Reflect.get(value, key);
    },
  });
}
