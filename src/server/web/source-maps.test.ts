import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../../vite.config';
import { buildApp } from '../app';
import { testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

// Source maps would hand anyone our sources, comments included (docs/security.md): the browser
// build makes none, and the server refuses one that a build or a hand left in the web root.

const MAP = JSON.stringify({ version: 3, sources: ['src/web/secret-source.tsx'], mappings: '' });

let database: TestDatabase;
let app: FastifyInstance;
let webRoot: string;

beforeAll(async () => {
  database = await createTestDatabase();
  webRoot = await mkdtemp(join(tmpdir(), 'panelhub-maps-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(
    join(webRoot, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  await writeFile(join(webRoot, 'assets', 'app-1a2b3c.js'), 'console.log(1);\n');
  await writeFile(join(webRoot, 'assets', 'app-1a2b3c.js.map'), MAP);
  await writeFile(join(webRoot, 'stray.js.map'), MAP);
  app = await buildApp({ config: testConfig(), database, secrets: testSecrets(), webRoot });
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await rm(webRoot, { recursive: true, force: true });
});

describe('source maps', () => {
  it('are not produced by the browser build', () => {
    const config = viteConfig as { environments?: Record<string, { build?: { sourcemap?: unknown } }> };
    expect(config.environments?.client?.build?.sourcemap).toBe(false);
  });

  it('are not served, even when a file is in the web root', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })).statusCode).toBe(200);
    for (const url of ['/assets/app-1a2b3c.js.map', '/stray.js.map']) {
      for (const encoding of ['identity', 'gzip, br']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('secret-source');
      }
    }
  });
});
