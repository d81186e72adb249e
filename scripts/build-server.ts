/**
 * Compiles the server to dist/server/ (part of `npm run build`), so production runs plain node
 * with no TypeScript loader (docs/decisions/0009-compiled-server.md). Dependencies stay in
 * node_modules; only our own code is bundled, split where the server imports a module
 * dynamically, so the start asks for the database before it loads the web framework and the
 * rest (src/server/main.ts).
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Split bundles name their chunks by content: a build leaves none of the last one's behind.
rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/serve.ts'],
  outdir: 'dist/server',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Error stacks and logs keep our function names.
  keepNames: true,
  logLevel: 'warning',
});
