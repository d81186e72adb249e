import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file of ours that can hold a comment. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|css|html)$/.test(name) ? [path] : [];
  });
}

const FILES = ['src', 'e2e', 'bench', 'scripts'].flatMap(sourceFiles);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}
const NOTES = readdirSync('docs/decisions');
const PRODUCT_SECTIONS = new Set(
  [...readFileSync('docs/product.md', 'utf8').matchAll(/^## §(\d+)/gm)].map(([, number]) => number),
);

/** Each match of `pattern` in our files, as 'file: text'. */
function occurrences(pattern: RegExp, keep: (match: RegExpMatchArray) => boolean = () => true): string[] {
  return FILES.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].filter(keep).map((match) => `${file}: ${match[0]}`),
  );
}

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

  it('cite documents the repository holds: docs/ paths that exist, sections of docs/product.md that exist', () => {
    // A decision note may be cited by its number alone: docs/decisions/0007. A URL path such
    // as the page /docs/api is not a citation.
    const resolves = (path: string) =>
      existsSync(path) ||
      NOTES.some((name) => /^docs\/decisions\/\d{4}$/.test(path) && name.startsWith(`${path.slice(15)}-`));
    expect(occurrences(/(?<![/\w-])docs\/[\w./-]*\w/g, ([path]) => !resolves(path!))).toEqual([]);
    expect(occurrences(/docs\/product\.md §(\d+)/g, ([, number]) => !PRODUCT_SECTIONS.has(number!))).toEqual(
      [],
    );
  });

  it('cite no outside document: the product rules live in docs/, not in what they were written from', () => {
    expect(
      occurrences(
        /\b[Ss]pec(?:'s)? sections? \d+|\b[Ii]ssues? #?\d+\b|\b[Tt]he spec\b|\b[Ss]pec (?:texts?|columns)\b/g,
      ),
    ).toEqual([]);
  });

  it('in the docs, name files that exist: a path from the project, src/ or src/server/, a bare name somewhere', () => {
    const docs = ['README.md', ...['docs', 'bench'].flatMap(markdownFiles)];
    const names = new Set(FILES.concat(docs).map((file) => basename(file)));
    for (const extra of [...readdirSync('.'), ...readdirSync('drizzle')]) names.add(extra);
    const missing = docs.flatMap((doc) =>
      [...readFileSync(doc, 'utf8').matchAll(/`([\w./-]+\.(?:ts|tsx|sql|mjs|md))`/g)]
        .map(([, path]) => path!)
        .filter((path) =>
          path.includes('/')
            ? ![path, `src/${path}`, `src/server/${path}`, `src/web/${path}`, join(dirname(doc), path)].some(
                (candidate) => existsSync(candidate),
              )
            : !names.has(path),
        )
        .map((path) => `${doc}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
