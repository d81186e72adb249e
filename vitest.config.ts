import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { TEST_PROCESS_FLAGS } from './src/server/testing/process-flags';

/**
 * The files that take longest, most of it waiting on processes they start, on timers or on a
 * fuzzer's thousands of requests. They start first, so the other worker's short files fill
 * their waits and none of them starts last. Without this a fresh clone, which has no timings
 * of an earlier run, ordered them by size and ran 20 s longer.
 */
const LONGEST_FIRST = [
  'src/server/main.test.ts',
  'src/server/security/crash.test.ts',
  'src/server/security/fuzz.test.ts',
  'src/server/webhooks/slow-receivers.test.ts',
  'src/server/security/access-matrix.test.ts',
  'src/server/cli/backup-cli.test.ts',
  'src/server/backup/backup.test.ts',
  'src/server/api-v1/v1.test.ts',
  'src/server/billing/refunds/refunds.test.ts',
  'src/server/clock/sandbox-clock.test.ts',
  'src/server/payment-events/intake.test.ts',
  'src/server/security/openapi-conformance.test.ts',
];

const root = fileURLToPath(new URL('.', import.meta.url));

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(relative(root, file.moduleId));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    // The sort is stable: the rest keep the runner's own order (an earlier run's timings).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    // Two cores: each worker may open its own PGlite (memory and seconds), so keep it to two.
    // A third only imported the server once more: 8 s slower, 40 s more CPU.
    pool: 'forks',
    maxWorkers: 2,
    execArgv: TEST_PROCESS_FLAGS,
    // One module graph per worker, not per file: importing the server for each of 150 files
    // cost more than the tests. Files share a worker's embedded database, emptied between them
    // (src/server/testing/embedded-databases.ts); each file still gets no other file's rows.
    isolate: false,
    sequence: { sequencer: LongestFirst },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
