/**
 * `npm start`: builds the app when the build is missing or older than its sources, then runs
 * the compiled server (dist/server/serve.js) in this process, with no TypeScript loader.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['dist/web/index.html', 'dist/server-render/entry-server.js', 'dist/server/serve.js'];
const sources = ['src', 'drizzle', 'index.html', 'vite.config.ts', 'package.json', 'scripts/build-server.ts'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

function buildIsStale() {
  const built = outputs.map((p) => join(root, p));
  if (!built.every(existsSync)) return true;
  const oldestOutput = Math.min(...built.map((p) => statSync(p).mtimeMs));
  const newestSource = Math.max(
    ...sources
      .map((p) => join(root, p))
      .filter(existsSync)
      .map(newestMtime),
  );
  return newestSource > oldestOutput;
}

if (buildIsStale()) {
  console.log('Building the app...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(join(root, 'dist/server/serve.js'));
