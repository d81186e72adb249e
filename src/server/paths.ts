import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder: the nearest folder above this module holding package.json. The server
 * runs from src/server (tsx, tests) and from the compiled dist/server/serve.js (`npm start`);
 * paths built from here are right in both, where `new URL('../..', import.meta.url)` is not.
 */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** The browser build, served as static files (written by `npm run build`). */
export const defaultWebRoot = join(projectRoot, 'dist', 'web');

/** The committed SQL migrations. */
export const migrationsFolder = join(projectRoot, 'drizzle');
