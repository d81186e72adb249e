import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newSecrets, startApp } from '../lib/server';

export interface RunningServer {
  url: string;
  /** The copy of dist/web it serves. */
  webRoot: string;
  stop(): Promise<void>;
}

/**
 * The compiled production server (`node dist/server/serve.js`, NODE_ENV=production) on a free
 * loopback port with a throw-away data folder and freshly generated secrets, as an operator
 * would run it. It runs from a private copy of dist/ and the migrations: a rebuild by someone
 * else during the run would otherwise pull the assets from under the measured pages. The copy
 * stays inside the repository so the server and the prerenderer still find node_modules; its
 * own package.json makes it the project folder the server takes its web root and migrations from.
 */
export async function startProductionServer(root: string): Promise<RunningServer> {
  const app = join(root, 'bench/results/app');
  await rm(app, { recursive: true, force: true });
  await mkdir(app, { recursive: true });
  await writeFile(join(app, 'package.json'), `${JSON.stringify({ private: true, type: 'module' })}\n`);
  for (const part of ['dist/web', 'dist/server-render', 'dist/server', 'drizzle']) {
    await cp(join(root, part), join(app, part), { recursive: true });
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'panelhub-bench-pages-'));
  try {
    const server = await startApp(app, {
      dataDir,
      secrets: newSecrets(),
      seed: false,
      // The pages as a visitor meets them: no sandbox checkout, the normal rate limits.
      env: { SANDBOX_PAYMENTS: 'false', RATE_LIMIT_MULTIPLIER: '1' },
    });
    return {
      url: server.url,
      webRoot: join(app, 'dist/web'),
      async stop() {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
