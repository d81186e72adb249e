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
  it('say the plan term word for word: each panel renews or ends on its own (D8)', () => {
    expect(TERM_SEPARATE_RENEWAL).toBe('Each panel is billed separately with its own renewal date.');
  });

  it('never say the billing is per order any more, anywhere in the product', () => {
    const perOrder = sourceFiles('src').filter((file) =>
      /order is billed|orders are billed/i.test(readFileSync(file, 'utf8')),
    );
    expect(perOrder).toEqual([]);
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
