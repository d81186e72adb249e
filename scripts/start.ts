/**
 * `npm start`: builds the web app when the build is missing or older than its sources,
 * then boots the server (migrations, demo seed, listen) on one port.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultWebRoot, main } from '../src/server/main';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

function buildIsStale(): boolean {
  const built = join(defaultWebRoot, 'index.html');
  // `npm run build` also writes the prerenderer the server loads at boot (dist/server-render).
  const prerenderer = join(defaultWebRoot, '..', 'server-render', 'entry-server.js');
  if (!existsSync(built) || !existsSync(prerenderer)) return true;
  const sources = ['src/web', 'src/domain', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    join(root, p),
  );
  const newestSource = Math.max(...sources.filter(existsSync).map(newestMtime));
  return newestSource > statSync(built).mtimeMs;
}

if (buildIsStale()) {
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await main({ webRoot: defaultWebRoot });
