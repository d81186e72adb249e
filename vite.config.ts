import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Compressing tiny files saves nothing and costs a lookup. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|map)$/;

/**
 * Writes .br and .gz next to each built asset of the browser build, once, at build time, so the
 * server (@fastify/static preCompressed) sends compressed files without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'panelhub:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.endsWith('.map'));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const data = await readFile(path);
          if (data.length < MIN_BYTES) return;
          const [gz, br] = await Promise.all([
            gzipAsync(data, { level: 9 }),
            // Quality 9 is within a few per cent of 11 at a tenth of the build time.
            brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
          ]);
          await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
        }),
      );
    },
  };
}

/** Chrome's explicit compile hint for a whole file (V8's `allFunctionsCalledOnLoad`). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the entry chunk, whose functions all run as the first page hydrates, so that Chrome
 * compiles them on a background thread while the file streams in, not one by one on the main
 * thread when each is first called. Lighthouse on /, seven runs of each build alternating:
 * blocking time 30 ms against 57 (medians), LCP 1.33 s against 1.47 s (docs/performance.md).
 * Other browsers read a comment. The lazy chunks are left alone: most of their code never runs
 * on a given page, and compiling it all would be work thrown away.
 */
export function compileHints(): Plugin {
  return {
    name: 'panelhub:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.isEntry) output.code = COMPILE_HINT + output.code;
      }
    },
  };
}

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), tailwindcss(), compileHints(), precompress()],
  // `vite build` builds both environments: the browser app (dist/web) and the prerenderer that
  // the server imports at boot (dist/server-render, see src/server/spa/prerender.ts).
  builder: {},
  environments: {
    client: {
      build: {
        outDir: 'dist/web',
        emptyOutDir: true,
        // No source maps for the browser: they would publish our sources to anyone
        // (docs/security.md). The server refuses to serve a stray one as well (spa/static.ts).
        sourcemap: false,
        // A hash alone names a chunk as surely as name-hash, in fewer bytes wherever one chunk
        // names another.
        rollupOptions: {
          output: {
            chunkFileNames: 'assets/[hash].js',
            // Everything the entry imports statically in one file: one gzip stream compresses
            // better than the same code in four (about 1 KiB less for the first page).
            codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] },
          },
        },
        // No preload helper: the first page would carry it and a table of every lazy chunk's
        // imports (about 0.6 KiB gzip). A lazy chunk's own imports start once it has arrived
        // instead of with it: one more round trip the first time a screen is opened.
        modulePreload: false,
      },
    },
    ssr: {
      build: {
        outDir: 'dist/server-render',
        emptyOutDir: true,
        // Server-side only (outside the web root, never served): readable prerender stack traces.
        sourcemap: true,
        copyPublicDir: false,
        rollupOptions: { input: 'src/web/entry-server.tsx' },
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
