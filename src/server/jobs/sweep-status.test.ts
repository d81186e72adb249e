import { describe, expect, it } from 'vitest';
import { createPeriodicSweep } from './periodic';
import { createSweepStatus, type SweepRound } from './sweep-status';

const quiet = { error: () => {} };

/** A sweep reporting to a fresh status that fails with `error` while `failing.now` is set. */
function switchableSweep(name: string, error: string, items: unknown[], failing: { now: boolean }) {
  const status = createSweepStatus();
  const sweep = createPeriodicSweep(
    name,
    async () => {
      if (failing.now) throw new Error(error);
      return items;
    },
    quiet,
    status,
  );
  return { status, sweep };
}

describe('the sweeps report each round to an observer', () => {
  it('tells of a successful round: its name, wall-clock start and duration', async () => {
    const rounds: SweepRound[] = [];
    const before = Date.now();
    const sweep = createPeriodicSweep('tidy sweep', async () => [1], quiet, {
      roundEnded: (round) => rounds.push(round),
    });
    await sweep.run();
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ sweep: 'tidy sweep', ok: true });
    expect(rounds[0]?.startedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(rounds[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('tells of a failed round, and the failure still reaches the caller', async () => {
    const failing = { now: true };
    const { status, sweep } = switchableSweep('flaky sweep', 'database gone', [], failing);
    await expect(sweep.run()).rejects.toThrow('database gone');
    expect(status.list()).toEqual([
      expect.objectContaining({ sweep: 'flaky sweep', lastOk: false, lastSuccessAt: null, failures: 1 }),
    ]);
    failing.now = false;
    await sweep.run();
    const [state] = status.list();
    expect(state).toMatchObject({ lastOk: true, successes: 1, failures: 1 });
    expect(state?.lastSuccessAt).toBeInstanceOf(Date);
    expect(state?.lastFailureAt).toBeInstanceOf(Date);
  });
});

describe('what the System view reads of a sweep', () => {
  it("keeps the last round's item count, the last error's text and the timer", async () => {
    const failing = { now: false };
    const { status, sweep } = switchableSweep(
      'tidy sweep',
      'relation "tidy" does not exist',
      ['a', 'b', 'c'],
      failing,
    );
    await sweep.run();
    expect(status.list()[0]).toMatchObject({ lastItems: 3, lastError: null });
    failing.now = true;
    await expect(sweep.run()).rejects.toThrow();
    failing.now = false;
    await sweep.run();
    expect(status.list()[0]).toMatchObject({
      lastOk: true,
      lastItems: 3,
      lastError: 'Error: relation "tidy" does not exist',
    });

    sweep.start(60_000);
    await sweep.stop();
    expect(status.schedules()).toEqual([
      { sweep: 'tidy sweep', everyMs: 60_000, firstRoundAt: expect.any(Date) },
    ]);
  });
});
