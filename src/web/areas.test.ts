import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = resolve(__dirname);

/**
 * The route areas: each one stands alone and shares code only through the shared layers. None
 * imports the files at the root of src/web either (the route table, the entry points): those
 * put the areas together.
 */
const AREAS = ['account', 'admin', 'after-purchase', 'checkout', 'public'];

/**
 * The shared layers and the layers each one may import, lowest first, so nothing shared reaches
 * up or into an area: helpers and hooks, then the theme, components, the signed-in frame, and
 * the pages that belong to no area.
 */
const SHARED_MAY_IMPORT: Record<string, string[]> = {
  lib: ['lib'],
  theme: ['theme', 'lib'],
  ui: ['ui', 'theme', 'lib'],
  layout: ['layout', 'ui', 'theme', 'lib'],
  pages: ['pages', 'layout', 'ui', 'theme', 'lib'],
  // Fixtures for tests: they take their shapes from src/domain, so any area's tests can use them.
  testing: ['testing'],
};

/** Fixtures are no part of the app: only tests may import them, so the bundle never holds one. */
const TEST_ONLY = ['testing'];

function webFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return webFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The first folder under src/web, or '' for the files at its root (the app's entry points). */
function layerOf(path: string): string {
  const [first, ...rest] = relative(WEB, path).split('/');
  return rest.length > 0 && first !== '..' ? first! : '';
}

/** Every relative module a file imports, statically or lazily, as an absolute path. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']*)'/g)];
  return specifiers.map(([, specifier]) => resolve(dirname(file), specifier!));
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** 'file -> imported' for each import of a test-only layer from code that is not a test. */
function fixturesInTheApp(): string[] {
  return webFiles(WEB)
    .filter((file) => !isTest(file) && !TEST_ONLY.includes(layerOf(file)))
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`${WEB}/`) && TEST_ONLY.includes(layerOf(target)))
        .map((target) => `${relative(WEB, file)} -> ${relative(WEB, target)}`),
    );
}

/** 'file -> imported' for each import the layer rules forbid. */
function forbiddenImports(): string[] {
  return webFiles(WEB).flatMap((file) => {
    const from = layerOf(file);
    if (from === '') return [];
    return importsOf(file)
      .filter((target) => {
        if (!target.startsWith(`${WEB}/`)) return false;
        const to = layerOf(target);
        if (AREAS.includes(from)) return to === '' || (AREAS.includes(to) && to !== from);
        const allowed = SHARED_MAY_IMPORT[from];
        return allowed === undefined || !allowed.includes(to);
      })
      .map((target) => `${relative(WEB, file)} -> ${relative(WEB, target)}`);
  });
}

describe('web layers', () => {
  it('knows every folder of src/web', () => {
    const folders = readdirSync(WEB).filter((name) => statSync(join(WEB, name)).isDirectory());
    expect(folders.filter((name) => !AREAS.includes(name) && !(name in SHARED_MAY_IMPORT))).toEqual([]);
  });

  it('reads static and lazy imports, so an empty list of offences means something', () => {
    const imports = importsOf(join(WEB, 'account/routes.tsx'));
    expect(imports).toContain(join(WEB, 'layout/signed-in-area'));
    expect(imports).toContain(join(WEB, 'account/login/login-page'));
  });

  it('keeps areas apart and shared layers free of areas and of the layers above them', () => {
    expect(forbiddenImports()).toEqual([]);
  });

  it('keeps the test fixtures out of the app', () => {
    expect(fixturesInTheApp()).toEqual([]);
  });
});
