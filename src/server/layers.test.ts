import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Folder imports run one way: a capability folder (the first path segment below src/server)
 * may use a lower one, never the reverse, so each can be read, tested and changed from the
 * bottom up. Files directly in src/server are the top: app.ts and main.ts wire everything
 * and no folder imports them; config.ts, logger.ts and the like are shared by all.
 *
 * Test code is left out: tests and the testing/ kits build the whole app, so they sit above
 * every folder whatever folder they live in.
 */

const serverRoot = dirname(fileURLToPath(import.meta.url));
const TOP_ONLY = new Set(['app', 'main']);

interface Import {
  file: string;
  specifier: string;
}

function isTestCode(path: string): boolean {
  return path.endsWith('.test.ts') || path.startsWith('testing/');
}

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

function folderGraph() {
  const edges = new Map<string, Map<string, Import>>();
  const topImports: Import[] = [];
  for (const path of sourceFiles(serverRoot)) {
    const file = relative(serverRoot, path);
    const [folder, ...rest] = file.split('/');
    if (!folder || rest.length === 0 || isTestCode(file)) continue;
    for (const specifier of relativeImports(readFileSync(path, 'utf8'))) {
      const target = relative(serverRoot, resolve(dirname(path), specifier));
      if (target.startsWith('..')) continue; // src/domain and other shared code below the server
      const [targetFolder, ...targetRest] = target.split('/');
      if (!targetFolder) continue;
      if (targetRest.length === 0) {
        if (TOP_ONLY.has(targetFolder.replace(/\.(js|ts)$/, ''))) topImports.push({ file, specifier });
        continue;
      }
      if (targetFolder === folder) continue;
      const from = edges.get(folder) ?? new Map<string, Import>();
      if (!from.has(targetFolder)) from.set(targetFolder, { file, specifier });
      edges.set(folder, from);
    }
  }
  return { edges, topImports };
}

/** Every edge that closes a cycle (a depth-first back edge), with the cycle it closes. */
function cycles(edges: Map<string, Map<string, Import>>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[] = [];
  const visit = (folder: string) => {
    state.set(folder, 'open');
    path.push(folder);
    for (const [target, via] of [...(edges.get(folder) ?? [])].sort(([a], [b]) => a.localeCompare(b))) {
      if (state.get(target) === 'open') {
        const loop = [...path.slice(path.indexOf(target)), target].join(' -> ');
        found.push(`${loop}: back edge ${via.file} imports '${via.specifier}'`);
      } else if (!state.has(target)) visit(target);
    }
    path.pop();
    state.set(folder, 'done');
  };
  for (const folder of [...edges.keys()].sort()) if (!state.has(folder)) visit(folder);
  return found;
}

describe('src/server folder imports', () => {
  const { edges, topImports } = folderGraph();

  it('reads the imports it checks', () => {
    // Guards the parser: a pattern that matched nothing would pass every check below.
    expect(edges.get('admin')?.has('db')).toBe(true);
    expect(edges.get('payment-events')?.has('payments')).toBe(true);
  });

  it('has no cycle between folders', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('never imports app.ts or main.ts from a folder', () => {
    expect(topImports.map((i) => `${i.file} imports '${i.specifier}'`)).toEqual([]);
  });
});
