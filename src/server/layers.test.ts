import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Folder imports run one way: a capability folder (the first path segment below src/server)
 * may use a lower one, never the reverse, so each can be read, tested and changed from the
 * bottom up.
 *
 * The files directly in src/server have a layer each, so a new one has to say where it sits:
 * - composition (app.ts, main.ts, serve.ts, and wiring/, the parts app.ts is made of) is the
 *   top: it wires every folder together, and only another composition file imports it;
 * - foundation (config.ts, logger.ts and the like) is the bottom, read by every folder: it
 *   imports no folder, only other foundation files and code below the server, so a folder can
 *   be tested with a config and nothing else. Whatever a foundation file needs from a folder
 *   belongs below both (the demo payment details live in src/domain for that reason).
 * No import cycle runs through a root file either, so each one loads before what it serves.
 *
 * Test code is left out: tests and the testing/ kits build the whole app, so they sit above
 * every folder whatever folder they live in.
 */

const serverRoot = dirname(fileURLToPath(import.meta.url));
const ROOT_LAYERS = {
  composition: ['app.ts', 'main.ts', 'serve.ts'],
  foundation: ['config.ts', 'logger.ts', 'paths.ts', 'secrets.ts'],
};
/** The folder of app.ts's parts: composition like app.ts, whatever the folder order says. */
const WIRING = 'wiring';

interface Import {
  /** Relative to src/server. */
  file: string;
  specifier: string;
  /** The imported module relative to src/server, as a .ts file when one exists. */
  target: string;
}

function isTestCode(path: string): boolean {
  return path.endsWith('.test.ts') || path.startsWith('testing/');
}

const isRootFile = (path: string) => !path.includes('/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative specifiers of static imports, re-exports and dynamic imports. */
function relativeImports(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g);
  return [...found].map((match) => match[1] ?? '');
}

function moduleFile(absolute: string): string {
  const base = absolute.replace(/\.(js|ts)$/, '');
  const file = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
  return relative(serverRoot, file ?? absolute);
}

/** Every relative import of production code that stays inside src/server. */
function serverImports(): Import[] {
  return sourceFiles(serverRoot).flatMap((path) => {
    const file = relative(serverRoot, path);
    if (isTestCode(file)) return [];
    return relativeImports(readFileSync(path, 'utf8'))
      .map((specifier) => ({ file, specifier, target: moduleFile(resolve(dirname(path), specifier)) }))
      .filter((i) => !i.target.startsWith('..')); // src/domain and other shared code below the server
  });
}

function folderGraph(imports: Import[]) {
  const edges = new Map<string, Map<string, Import>>();
  for (const i of imports) {
    if (isRootFile(i.file) || isRootFile(i.target)) continue;
    const [folder] = i.file.split('/');
    const [targetFolder] = i.target.split('/');
    if (!folder || !targetFolder || targetFolder === folder) continue;
    const from = edges.get(folder) ?? new Map<string, Import>();
    if (!from.has(targetFolder)) from.set(targetFolder, i);
    edges.set(folder, from);
  }
  return edges;
}

/** Every edge that closes a cycle (a depth-first back edge), with the cycle it closes. */
function cycles(edges: Map<string, Map<string, Import>>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const [target, via] of [...(edges.get(node) ?? [])].sort(([a], [b]) => a.localeCompare(b))) {
      if (state.get(target) === 'open') {
        const loop = [...path.slice(path.indexOf(target)), target].join(' -> ');
        found.push(`${loop}: back edge ${via.file} imports '${via.specifier}'`);
      } else if (!state.has(target)) visit(target);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

/** A chain of imports that leads from `file` back to itself, or null when none does. */
function loopThrough(file: string, imports: Import[]): string | null {
  const targets = new Map<string, Import[]>();
  for (const i of imports) targets.set(i.file, [...(targets.get(i.file) ?? []), i]);
  const seen = new Set<string>();
  const walk = (from: string, chain: Import[]): Import[] | null => {
    for (const i of targets.get(from) ?? []) {
      if (i.target === file) return [...chain, i];
      if (seen.has(i.target)) continue;
      seen.add(i.target);
      const found = walk(i.target, [...chain, i]);
      if (found) return found;
    }
    return null;
  };
  const loop = walk(file, []);
  return loop && [file, ...loop.map((i) => i.target)].join(' -> ');
}

const described = (i: Import) => `${i.file} imports '${i.specifier}'`;

describe('src/server layers', () => {
  const imports = serverImports();
  const edges = folderGraph(imports);
  const layerOf = (file: string) =>
    file.startsWith(`${WIRING}/`)
      ? 'composition'
      : (Object.keys(ROOT_LAYERS) as (keyof typeof ROOT_LAYERS)[]).find((layer) =>
          ROOT_LAYERS[layer].includes(file),
        );

  it('reads the imports it checks', () => {
    // Guards the parser: a pattern that matched nothing would pass every check below.
    expect(edges.get('admin')?.has('db')).toBe(true);
    expect(edges.get('payment-events')?.has('payments')).toBe(true);
    expect(imports.some((i) => i.file === 'main.ts' && i.target === 'app.ts')).toBe(true);
    expect(imports.some((i) => i.file === 'admin/deps.ts' && i.target === 'config.ts')).toBe(true);
  });

  it('has no cycle between folders', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('gives every file at the root of src/server a layer', () => {
    const rootFiles = sourceFiles(serverRoot)
      .map((path) => relative(serverRoot, path))
      .filter((file) => isRootFile(file) && !isTestCode(file));
    expect(rootFiles.filter((file) => layerOf(file) === undefined)).toEqual([]);
  });

  it('imports the composition files (app.ts, main.ts, serve.ts) only from one another', () => {
    const upward = imports.filter(
      (i) => layerOf(i.target) === 'composition' && layerOf(i.file) !== 'composition',
    );
    expect(upward.map(described)).toEqual([]);
  });

  it('keeps the foundation files (config.ts, logger.ts, ...) below every folder', () => {
    const upward = imports.filter(
      (i) => layerOf(i.file) === 'foundation' && layerOf(i.target) !== 'foundation',
    );
    expect(upward.map(described)).toEqual([]);
  });

  it('has no import cycle through a file at the root, config.ts above all', () => {
    const rootFiles = [...ROOT_LAYERS.composition, ...ROOT_LAYERS.foundation];
    expect(rootFiles.map((file) => loopThrough(file, imports)).filter(Boolean)).toEqual([]);
  });
});
