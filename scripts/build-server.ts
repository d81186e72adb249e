/**
 * Compiles the server to dist/server/ (part of `npm run build`), so production runs plain node
 * with no TypeScript loader (docs/decisions/0009-compiled-server.md). The bundle holds our code
 * and the pure-JavaScript dependencies: resolving and reading their thousands of small files was
 * a third of a start on this machine. It is split where the server imports a module
 * dynamically, so the start opens the database before it loads the web framework and the rest
 * (src/server/main.ts).
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Loaded from node_modules as in development: packages that read their own files beside their
 * code (PGlite's WebAssembly, pdfkit's fonts, the OpenAPI plugin's package.json, pino's worker
 * threads), one that is optional (pg-native), and the ones loaded only when a feature is on.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'pdfkit',
  'pg-native',
  '@fastify/swagger',
  'pino',
  'thread-stream',
  'stripe',
  'nodemailer',
  '@opentelemetry/*',
];

// Split bundles name their chunks by content: a build leaves none of the last one's behind.
rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/serve.ts'],
  outdir: 'dist/server',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  external: EXTERNAL,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The CommonJS packages in the bundle call require, which an ES module does not have.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Not minified, so functions keep their names; esbuild suffixes a number to the few that share
  // a top-level name with another module's (`handler2`). Its keepNames would restore those by
  // wrapping every function the bundle creates, libraries' per-request closures included: a
  // tenth fewer signed-in requests a second on PostgreSQL, and 40 MB more kept after the load.
  logLevel: 'warning',
});
