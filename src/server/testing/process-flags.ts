/**
 * Node's flags for the suite's processes: its workers (vitest.config.ts) and the servers and
 * CLIs the tests start (compiled-entry.ts). PGlite's engine is WebAssembly, and V8 optimising
 * its hot functions on background threads cost a server start about 2 s of CPU and the whole
 * suite a fifth of its CPU on two cores, more than processes this short-lived win back
 * (docs/performance.md). The product runs without them.
 */
export const TEST_PROCESS_FLAGS = ['--liftoff-only'];
