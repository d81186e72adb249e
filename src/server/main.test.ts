import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { panels } from './db/schema';
import { DEMO_INVENTORY_SIZE } from './demo/seed';
import { compiledEntry } from './testing/compiled-entry';
import { migratedDataDir } from './testing/data-dir';
import { startOtlpReceiver } from './testing/otlp-receiver';
import { TEST_PROCESS_FLAGS } from './testing/process-flags';

/*
 * The real process, as `npm start` runs it (minus the web build): boot, serve, stop on
 * Ctrl-C, and start again on the same data folder. Embedded database only: this is
 * about PGlite's files surviving a restart.
 */
let dataDir: string;
const env = (extra: Record<string, string>) => ({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  TEST_DATABASE_URL: '',
  ...extra,
});

/**
 * Loaded before the server with --require: as the process exits, it writes which OpenTelemetry
 * modules were loaded to LOADED_MODULES_FILE. The packages are CommonJS, so even when imported
 * from ESM they are in require.cache.
 */
const MODULE_REPORT = `process.on('exit', () => {
  const loaded = Object.keys(require.cache).filter((file) => file.includes('/node_modules/@opentelemetry/'));
  require('node:fs').writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(loaded));
});`;

function run(
  extra: Record<string, string>,
  nodeArgs: string[] = [],
): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number>;
} {
  const child = spawn(process.execPath, [...TEST_PROCESS_FLAGS, ...nodeArgs, serverJs], { env: env(extra) });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => {
    text += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    text += d.toString();
  });
  const exit = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  return { child, output: () => text, exit };
}

async function waitForReady(port: number, exit: Promise<number>): Promise<void> {
  // A first start creates the database cluster and the demo data: slow on a busy machine.
  const deadline = Date.now() + 150_000;
  let exited = false;
  void exit.then(() => {
    exited = true;
  });
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

let serverJs: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'panelhub-main-'));
  serverJs = await compiledEntry('scripts/dev-api.ts');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('starts, stops cleanly on SIGINT, and keeps its data across restarts (seed runs once); traces only when told where', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    // The first start without OTEL_EXPORTER_OTLP_ENDPOINT, the second with it.
    const receiver = await startOtlpReceiver();
    const report = join(dataDir, 'loaded-modules.json');
    const preload = join(dataDir, 'module-report.cjs');
    await writeFile(preload, MODULE_REPORT);
    const loaded: string[][] = [];
    try {
      for (let round = 0; round < 2; round++) {
        const proc = run(
          {
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            LOADED_MODULES_FILE: report,
            ...(round === 1 ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } : {}),
          },
          ['--require', preload],
        );
        await waitForReady(port, proc.exit);
        proc.child.kill('SIGINT');
        expect(await proc.exit, proc.output()).toBe(0);
        loaded.push(JSON.parse(await readFile(report, 'utf8')) as string[]);
      }
    } finally {
      await receiver.close();
    }
    const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    const [row] = await handle.db.select({ n: count() }).from(panels);
    await handle.close();
    expect(row?.n).toBe(DEMO_INVENTORY_SIZE);

    // Without the endpoint none of the SDK was loaded; with it, it was, and the spans of the
    // readiness polls reached the receiver before the process exited. The API package alone may
    // be there either way: better-auth loads it for its own instrumentation, which finds no
    // tracer registered and does nothing.
    const sdk = (files: string[] = []) => files.filter((file) => !file.includes('/@opentelemetry/api/'));
    expect(sdk(loaded[0])).toEqual([]);
    expect(sdk(loaded[1]).some((file) => file.includes('/@opentelemetry/sdk-trace/'))).toBe(true);
    expect(receiver.spans().find((span) => span.name === 'GET /api/ready')).toMatchObject({
      attributes: { 'http.route': '/api/ready', 'http.response.status_code': 200 },
      resource: { 'service.name': 'panelhub', 'panelhub.role': 'all' },
    });
  }, 300_000);

  it('exits 1 naming the variable when configuration is bad', async () => {
    const proc = run({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await proc.exit).toBe(1);
    expect(proc.output()).toContain('PORT');
  }, 60_000);

  it('fails fast with a clear message when DATABASE_URL points at nothing', async () => {
    const proc = run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: dataDir });
    expect(await proc.exit).toBe(1);
    expect(proc.output()).toContain('Cannot connect to PostgreSQL at 127.0.0.1:1/none');
  }, 60_000);

  it('exits within 15 s of SIGTERM with 60 webhook messages queued for receivers that answer after 9.5 s', async () => {
    // A receiver that holds every request 9.5 s, just inside the 10 s send timeout.
    const receiver = createServer((req, res) => {
      req.resume();
      setTimeout(() => res.end('ok'), 9_500).unref();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const sigtermDir = await migratedDataDir();
    const port = 3990 + Math.floor(Math.random() * 9);
    const base = `http://127.0.0.1:${port}`;
    const proc = run({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: sigtermDir });
    try {
      await waitForReady(port, proc.exit);
      const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'customer@panelhub.example', password: 'demo-password' }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const call = (path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      // 6 endpoints with 10 test events each: the test route's limit per endpoint and minute.
      for (let e = 0; e < 6; e++) {
        const created = await call('/api/me/webhooks', {
          url: `${receiverUrl}/hook/${e}`,
          events: ['order.paid'],
        });
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: number };
        for (let m = 0; m < 10; m++) expect((await call(`/api/me/webhooks/${id}/test`, {})).status).toBe(202);
      }
      // Let the sends start, so some are in flight when the signal comes.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const signalledAt = Date.now();
      proc.child.kill('SIGTERM');
      expect(await proc.exit, proc.output()).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(15_000);
    } finally {
      proc.child.kill('SIGKILL');
      receiver.closeAllConnections();
      receiver.close();
      await rm(sigtermDir, { recursive: true, force: true });
    }
  }, 240_000);
});
