import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../domain/api/error-codes';
import { ApiRequestError } from './api';

// The web branches on the server's error codes only through ApiRequestError.code, typed by the
// list, so a misspelt code fails the typecheck. A comparison on a plain string (a cast, a body
// read by hand) escapes the type; the scan below catches those.

const WEB = resolve(__dirname, '..');
const READABLE = new Set<string>([...ERROR_CODES, 'unknown']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `….code === 'x'`, `'x' !== ….code`, and the code of an error body read by hand. */
const COMPARISONS = [/\bcode\s*[!=]==?\s*'([^']*)'/g, /'([^']*)'\s*[!=]==?\s*[\w.?]*\bcode\b/g];

describe('the error codes the web compares against', () => {
  it('are all in the list (or the web\'s own "unknown")', () => {
    const stray: string[] = [];
    let compared = 0;
    for (const file of sourceFiles(WEB)) {
      const source = readFileSync(file, 'utf8');
      for (const pattern of COMPARISONS) {
        for (const [, code = ''] of source.matchAll(pattern)) {
          compared += 1;
          if (!READABLE.has(code)) stray.push(`${relative(WEB, file)}: '${code}'`);
        }
      }
    }
    expect(stray).toEqual([]);
    // The scan does see the comparisons that exist (invalid_token, invalid_password...).
    expect(compared).toBeGreaterThan(3);
  });

  it('are typed, so a misspelt one does not compile', () => {
    const error = new ApiRequestError(400, 'invalid_token', 'x');
    // @ts-expect-error: no such code
    expect(error.code === 'invalid_tokn').toBe(false);
    // @ts-expect-error: no such code
    expect(new ApiRequestError(400, 'invalid_tokn', 'x')).toBeInstanceOf(ApiRequestError);
  });
});
