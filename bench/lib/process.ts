/** Starting a server process for a bench: a free loopback port, and waiting until it is ready. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `probe` (a server's /api/ready, a hello-world's /) every `pollMs` until it answers 2xx;
 * fails when the process exits first.
 */
export async function waitUntilReady(
  probe: string,
  child: ChildProcess,
  timeoutMs: number,
  pollMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    try {
      if ((await fetch(probe)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`The server did not become ready within ${timeoutMs / 1000} s.`);
}
