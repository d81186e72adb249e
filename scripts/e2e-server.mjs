/**
 * Serves the built app, as `npm start` runs it (compiled, plain node), on a fresh embedded
 * database with the demo data seeded, for the browser journeys. Run `npm run build` first.
 */
import { existsSync, rmSync } from 'node:fs';

if (!existsSync('dist/server/serve.js')) {
  console.error('dist/server/serve.js is missing: run `npm run build` before the browser journeys.');
  process.exit(1);
}
rmSync('.data-e2e', { recursive: true, force: true });
await import('../dist/server/serve.js');
