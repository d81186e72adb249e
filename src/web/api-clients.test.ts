import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Requests to the API leave from one kind of place: an `api/` folder of clients named
// `<thing>-api.ts`. An area's own clients sit in its `api/` folder, those of several areas in
// lib/api/. Pages and hooks call a client, so one reading of an endpoint's answer (its schema,
// its query key, what its errors mean) serves every screen that shows it.

const WEB = resolve(__dirname);
const DOMAIN_API = resolve(WEB, '../domain/api');

/**
 * The machinery the clients are built on. They do make the requests, but on a client's behalf:
 * api() is the one fetch, call() and pathOf() turn a declaration into a request or an address.
 */
const MACHINERY = ['lib/api.ts', 'lib/call.ts', 'lib/endpoint-path.ts'];

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

function webFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return webFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Whether `path` (relative to src/web) lies inside a folder named api. */
const inApiFolder = (path: string) => path.split('/').slice(0, -1).includes('api');

/**
 * What a value imported from `target` says about the importer: that it makes a request. `names`
 * is what it takes (undefined: the whole module, as `import * as` or `import()` do).
 */
function requestImport(target: string, names: string[] | undefined): string | undefined {
  const module = relative(WEB, target);
  if (module === 'lib/call' || module === 'lib/endpoint-path') return `imports ${module}`;
  // lib/api's error classes and errorMessage are for pages to read; api() makes the request.
  if (module === 'lib/api' && (names === undefined || names.includes('api')))
    return 'imports api() from lib/api';
  // A declaration is only good for making a request, or an address to one, out of it.
  if (target.startsWith(`${DOMAIN_API}/`) && /endpoints$/.test(basename(target))) {
    return `imports the declarations ${relative(resolve(WEB, '..'), target)}`;
  }
  return undefined;
}

/** The requests `fileName` (a path under src/web) makes or prepares itself, one text for each. */
function requestsIn(fileName: string, source: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const imported = (specifier: ts.Expression | undefined, names: string[] | undefined) => {
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return;
    const reason = requestImport(resolve(dirname(fileName), specifier.text), names);
    if (reason) found.push(reason);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && node.importClause && !node.importClause.isTypeOnly) {
      const { name, namedBindings } = node.importClause;
      if (name || (namedBindings && ts.isNamespaceImport(namedBindings))) {
        imported(node.moduleSpecifier, undefined);
      } else if (namedBindings) {
        const values = namedBindings.elements.filter((element) => !element.isTypeOnly);
        const names = values.map((element) => (element.propertyName ?? element.name).text);
        if (names.length > 0) imported(node.moduleSpecifier, names);
      }
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : undefined;
      if (names === undefined || names.length > 0) imported(node.moduleSpecifier, names);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) imported(node.arguments[0], undefined);
      const fetches =
        (ts.isIdentifier(callee) && callee.text === 'fetch') ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === 'fetch' &&
          ts.isIdentifier(callee.expression) &&
          ['window', 'globalThis', 'self'].includes(callee.expression.text));
      if (fetches) found.push('calls fetch()');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const appFiles = () => webFiles(WEB).filter((path) => !isTest(path));

/** 'file: what it does' for each request made outside an api/ folder. */
function requestsOutsideClients(): string[] {
  return appFiles()
    .map((path) => relative(WEB, path))
    .filter((path) => !inApiFolder(path) && !MACHINERY.includes(path))
    .flatMap((path) =>
      requestsIn(join(WEB, path), readFileSync(join(WEB, path), 'utf8')).map((r) => `${path}: ${r}`),
    );
}

/** Every api/ folder of src/web, relative to it. */
function apiFolders(dir = WEB): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [];
    return [...(name === 'api' ? [relative(WEB, path)] : []), ...apiFolders(path)];
  });
}

/** The first folder under src/web. */
const layerOf = (path: string) => relative(WEB, path).split('/')[0]!;

/** The files of src/web (tests left out) that import `target`, by a relative path. */
function importersOf(target: string): string[] {
  const stem = target.replace(/\.tsx?$/, '');
  return appFiles().filter((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']*)'/g)].some(
      ([, specifier]) => resolve(dirname(file), specifier!) === stem,
    ),
  );
}

describe('API clients', () => {
  it('sees a request in what a file imports and in fetch(), and not in types or error classes', () => {
    const source = [
      "import { ApiRequestError, errorMessage } from '../lib/api';",
      "import type { CallResult } from '../lib/call';",
      "import { type JsonEndpoint } from '../lib/call';",
      "import type { accountApi } from '../../domain/api/endpoints';",
      "import { api } from '../lib/api';",
      "import { call } from '../lib/call';",
      "import { pathOf } from '../lib/endpoint-path';",
      "import { billingApi } from '../../domain/api/billing-endpoints';",
      "import type { BillingSummary } from '../../domain/api/billing';",
      "export { call as request } from '../lib/call';",
      "const lazy = () => import('../lib/call');",
      "void fetch('/x');",
      "void window.fetch('/x');",
      'void query.refetch();',
    ].join('\n');
    expect(requestsIn(join(WEB, 'account/page.tsx'), source)).toEqual([
      'imports api() from lib/api',
      'imports lib/call',
      'imports lib/endpoint-path',
      'imports the declarations domain/api/billing-endpoints',
      'imports lib/call',
      'imports lib/call',
      'calls fetch()',
      'calls fetch()',
    ]);
  });

  it('make every request: a page or a hook elsewhere calls a client', () => {
    expect(requestsOutsideClients()).toEqual([]);
  });

  it('live in api/ folders, named <thing>-api.ts', () => {
    const files = webFiles(WEB).map((path) => relative(WEB, path));
    expect(files.filter((path) => inApiFolder(path) && !isTest(path) && !path.endsWith('-api.ts'))).toEqual(
      [],
    );
    expect(files.filter((path) => /-api\.tsx?$/.test(path) && !inApiFolder(path))).toEqual([]);
  });

  it("sit in an area's own api/ folder (an area is a folder with a routes.tsx) or in lib/api/", () => {
    const misplaced = apiFolders().filter((folder) => {
      const [top, ...rest] = folder.split('/');
      const isArea = existsSync(join(WEB, top!, 'routes.tsx'));
      return rest.length !== 1 || !(isArea || top === 'lib');
    });
    expect(misplaced).toEqual([]);
    expect(apiFolders().length).toBeGreaterThan(1);
    const nested = apiFolders().flatMap((folder) =>
      readdirSync(join(WEB, folder)).filter((name) => statSync(join(WEB, folder, name)).isDirectory()),
    );
    expect(nested).toEqual([]);
  });

  it('in lib/api/ are shared: lib uses them, or more than one area does', () => {
    const ownedByOneArea = readdirSync(join(WEB, 'lib/api'))
      .filter((name) => !isTest(name))
      .flatMap((name) => {
        const target = join(WEB, 'lib/api', name);
        const layers = new Set(importersOf(target).map(layerOf));
        return layers.has('lib') || layers.size > 1
          ? []
          : [`lib/api/${name}: ${[...layers].join(', ') || 'unused'}`];
      });
    expect(ownedByOneArea).toEqual([]);
  });
});
