import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../../vite.config';

describe('the browser build', () => {
  it("marks the entry chunk, and only it, for Chrome's eager background compile", () => {
    const plugin = compileHints();
    const bundle = {
      'assets/index-abc.js': { type: 'chunk', isEntry: true, code: 'start();' },
      'assets/def.js': { type: 'chunk', isEntry: false, code: 'lazy();' },
      'assets/index-abc.css': { type: 'asset', source: 'body{}' },
    };
    const generate = plugin.generateBundle as (options: unknown, bundle: Rollup.OutputBundle) => void;
    generate.call({}, {}, bundle as unknown as Rollup.OutputBundle);
    expect(bundle['assets/index-abc.js'].code).toBe(`${COMPILE_HINT}start();`);
    expect(bundle['assets/def.js'].code).toBe('lazy();');
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });
});
