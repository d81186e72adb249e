import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    // Two cores: each worker may open its own PGlite (memory and seconds), so keep it to two.
    pool: 'forks',
    maxWorkers: 2,
    // One module graph per worker, not per file: importing the server for each of 150 files
    // cost more than the tests. Files share a worker's embedded database, emptied between them
    // (src/server/testing/embedded-databases.ts); each file still gets no other file's rows.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
