import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitUntilReady } from '../lib/process';

export interface RunningServer {
  url: string;
  /** The copy of dist/web it serves. */
  webRoot: string;
  stop(): Promise<void>;
}

/**
 * The production server (NODE_ENV=production) on a free loopback port with a throw-away data
 * folder and freshly generated secrets, as an operator would run it. It serves a private copy
 * of dist/ (inside the repository, so the prerenderer still finds node_modules): a rebuild by
 * someone else during the run would otherwise pull the assets from under the measured pages.
 */
export async function startProductionServer(root: string): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'panelhub-bench-'));
  const dist = join(root, 'bench/results/dist');
  await rm(dist, { recursive: true, force: true });
  await cp(join(root, 'dist/web'), join(dist, 'web'), { recursive: true });
  await cp(join(root, 'dist/server-render'), join(dist, 'server-render'), { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const start = `import('./src/server/main.ts').then((m) => m.main({ webRoot: ${JSON.stringify(join(dist, 'web'))} }))`;
  // One process (node with tsx as a loader), so stopping it needs no signal forwarding.
  const child = spawn(process.execPath, ['--import', 'tsx', '--eval', start], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PANEL_SECRET_KEY: randomBytes(32).toString('hex'),
    },
  });
  try {
    await waitUntilReady(url, child, 120_000);
  } catch (error) {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    webRoot: join(dist, 'web'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
