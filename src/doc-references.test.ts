import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file of ours that can hold a comment. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css|html)$/.test(name) ? [path] : [];
  });
}

const FILES = ['src', 'e2e', 'bench', 'scripts'].flatMap(sourceFiles);
const NOTES = readdirSync('docs/decisions');

describe('references in the code', () => {
  it('cite only decisions that have a note in docs/decisions', () => {
    const missing: string[] = [];
    for (const file of FILES) {
      for (const [, number] of readFileSync(file, 'utf8').matchAll(/\bD(\d{1,2})\b/g)) {
        const note = `d${number!.padStart(2, '0')}-`;
        if (!NOTES.some((name) => name.startsWith(note))) missing.push(`${file}: D${number}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
