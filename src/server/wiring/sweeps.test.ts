import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RunnerStart } from '../jobs/runner-start';
import { FIRST_ROUNDS_AFTER_MS, runSweeps } from './sweeps';

/** A runner that records how it was started. */
function recordingRunner() {
  const starts: { everyMs: number; options: RunnerStart | undefined }[] = [];
  return {
    starts,
    runner: {
      start: (everyMs: number, options?: RunnerStart) => void starts.push({ everyMs, options }),
      stop: async () => {},
    },
  };
}

describe('the sweeps of a running server', () => {
  it('start at ready with their first round a second later, unless told otherwise', async () => {
    const refresh = async () => undefined;
    for (const [given, expected] of [
      [undefined, FIRST_ROUNDS_AFTER_MS],
      [0, 0],
    ] as const) {
      const app = Fastify();
      const { starts, runner } = recordingRunner();
      runSweeps(app, [{ runner, everyMs: 5_000 }], { beforeRound: refresh, firstRoundsAfterMs: given });
      expect(starts).toEqual([]);
      await app.ready();
      expect(starts).toEqual([{ everyMs: 5_000, options: { beforeRound: refresh, firstAfterMs: expected } }]);
      await app.close();
    }
    expect(FIRST_ROUNDS_AFTER_MS).toBe(1_000);
  });
});
