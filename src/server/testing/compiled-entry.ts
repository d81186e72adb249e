import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../paths';

/*
 * Tests that start the real server (or the CLI) as its own process run it compiled: under tsx
 * each start transpiled the whole server again, 5 to 20 s a process on this machine, and the
 * restart tests start a dozen. One bundle per entry and test process, dependencies left to
 * node_modules, written inside the project (so the bundle finds node_modules and package.json
 * as the server does) and removed when the process exits, or else by the run's teardown: the
 * test runner may end its worker processes without an exit.
 */

/** Where every test process compiles; the run's teardown empties it (global-setup.ts). */
export const COMPILED_TESTS_DIR = join(projectRoot, '.dist-test');
const outDir = join(COMPILED_TESTS_DIR, String(process.pid));
const bundles = new Map<string, Promise<string>>();
let cleanupRegistered = false;

/** The compiled `entry` (a path from the project root), to run with plain `node`. */
export function compiledEntry(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    if (!cleanupRegistered) {
      cleanupRegistered = true;
      process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    }
    const outfile = join(outDir, `${entry.replace(/[^a-z0-9]+/gi, '-')}.mjs`);
    bundle = build({
      entryPoints: [join(projectRoot, entry)],
      outfile,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    }).then(() => outfile);
    bundles.set(entry, bundle);
  }
  return bundle;
}
