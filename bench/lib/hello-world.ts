/**
 * The yardstick of every speed budget in bench/: a Fastify hello-world on the same machine, in
 * the same run. A throughput budget is a share of its requests per second and a time budget is
 * the same share read as a rate, so a slow or busy machine slows the yardstick with the figure
 * and neither passes a regression nor fails a good change. A latency tail is held to a multiple
 * of its own median instead. The shares were set from the absolute budgets of earlier rounds at
 * this project's reference machine's quiet hello-world (docs/performance.md).
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort, waitUntilReady } from './process';
import type { BenchRow } from './report';

const CONNECTIONS = 50;

export interface HelloWorld {
  /** Requests per second under 50 connections. */
  rps: number;
  p50: number;
  p99: number;
}

export interface RunningHelloWorld {
  url: string;
  /** Milliseconds from the process start to its first answer: the yardstick of a server's start. */
  startMs: number;
  stop(): Promise<void>;
}

/** A Fastify hello-world in its own process: the ceiling this machine puts on any route. */
export async function startHelloWorld(root: string): Promise<RunningHelloWorld> {
  const port = await freePort();
  const source = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '--eval', source], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    // Polled as often as the app's readiness is (bench/lib/server.ts), so the two starts compare.
    await waitUntilReady(url, child, 30_000, 25);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    startMs: Math.round(performance.now() - started),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Drives a URL with 50 connections for `seconds` (autocannon, loopback). */
export async function loadUrl(
  url: string,
  seconds: number,
  request: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body ? { body: request.body } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The hello-world's requests per second, measured now. */
export async function measureHelloWorld(root: string, seconds: number): Promise<HelloWorld> {
  const hello = await startHelloWorld(root);
  try {
    const { rps, p50, p99 } = await loadUrl(hello.url, seconds);
    return { rps, p50, p99 };
  } finally {
    await hello.stop();
  }
}

/** A share as the tables print it: 7.3%, or 0.112% when it is small. */
export function percent(share: number): string {
  const value = share * 100;
  return `${value.toFixed(value < 1 ? 3 : 1)}%`;
}

export function helloWorldRow(hello: HelloWorld, when: string): BenchRow {
  return {
    what: `Fastify hello-world (${when})`,
    value: `${hello.rps.toLocaleString('en-US')} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms`,
    budget: '- (the yardstick)',
    ok: true,
  };
}

/**
 * A rate held to a share of the hello-world: `rate` per second (orders, renewals, requests
 * one after another) against `minShare` of its requests per second.
 */
export function shareRow(
  what: string,
  rate: number,
  unit: string,
  hello: HelloWorld,
  minShare: number,
  held = true,
): BenchRow {
  const share = rate / hello.rps;
  const rounded = rate >= 100 ? Math.round(rate).toLocaleString('en-US') : rate.toFixed(1);
  return {
    what,
    value: `${rounded} ${unit}/s, ${percent(share)} of hello-world`,
    budget: held ? `>= ${percent(minShare)} of hello-world` : `- (${percent(minShare)} where held)`,
    ok: !held || share >= minShare,
  };
}
