import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLACEMENT_ANSWER, SUPPORT_HOURS, TERM_SEPARATE_RENEWAL } from './terms';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('billing terms', () => {
  it('say what is true: each order is its own subscription (D8)', () => {
    expect(TERM_SEPARATE_RENEWAL).toBe('Each order is billed separately with its own renewal date.');
  });

  it('are never worded per panel anywhere in the product', () => {
    const perPanel = sourceFiles('src').filter((file) =>
      /panel is billed|panels are billed/i.test(readFileSync(file, 'utf8')),
    );
    expect(perPanel).toEqual([]);
  });
});

describe('the replacement promise beside the support promise', () => {
  it('says which is which: 6 hours for a replacement request, support hours for the rest', () => {
    expect(REPLACEMENT_ANSWER).toContain('replacement request within 6 hours of your report');
    expect(REPLACEMENT_ANSWER).toContain("not the support desk's promise");
    expect(REPLACEMENT_ANSWER).toContain(SUPPORT_HOURS);
    expect(REPLACEMENT_ANSWER).toContain('24 business hours');
  });
});
