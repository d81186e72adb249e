import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sweepsOf } from '../admin/system/service';
import { createPeriodicSweep } from './periodic';
import { tickEvery } from './runner-start';
import { createSweepStatus } from './sweep-status';

const quiet = { error: () => {} };

describe("a sweep's first round after a wait", () => {
  it('ticks after the wait, then every interval; at once without one', async () => {
    const ticks: string[] = [];
    const later = tickEvery(30, 60, () => ticks.push('later'));
    tickEvery(60_000, undefined, () => ticks.push('now')).clear();
    expect(ticks).toEqual(['now']);
    await sleep(40);
    expect(ticks).toEqual(['now']);
    await sleep(60);
    later.clear();
    expect(ticks.filter((tick) => tick === 'later').length).toBeGreaterThanOrEqual(2);
  });

  it('is armed before its first round: a kick runs a round with its beforeRound', async () => {
    const calls: string[] = [];
    const sweep = createPeriodicSweep(
      'waiting sweep',
      async () => {
        calls.push('round');
        return [];
      },
      quiet,
    );
    sweep.start(60_000, { beforeRound: async () => calls.push('clock'), firstAfterMs: 80 });
    expect(calls).toEqual([]);
    await sweep.run();
    expect(calls).toEqual(['clock', 'round']);
    await sleep(120);
    expect(calls).toEqual(['clock', 'round', 'clock', 'round']);
    await sweep.stop();
  });

  it('never runs when stopped during the wait', async () => {
    let rounds = 0;
    const sweep = createPeriodicSweep(
      'stopped sweep',
      async () => {
        rounds++;
        return [];
      },
      quiet,
    );
    sweep.start(60_000, { firstAfterMs: 40 });
    await sweep.stop();
    await sleep(80);
    expect(rounds).toBe(0);
  });

  it("tells the admin's system view when the first round will run, then the rounds after it", async () => {
    const status = createSweepStatus();
    const sweep = createPeriodicSweep('later sweep', async () => [], quiet, status);
    const armedAt = Date.now();
    sweep.start(5_000, { firstAfterMs: 1_000 });
    await sweep.stop();
    const [timer] = status.schedules();
    expect(timer?.firstRoundAt.getTime()).toBeGreaterThanOrEqual(armedAt + 1_000);
    const first = timer?.firstRoundAt.getTime() ?? 0;
    const next = (at: number) => sweepsOf(status, new Date(at))[0]?.nextRunAt;
    expect(next(armedAt)).toBe(new Date(first).toISOString());
    expect(next(first)).toBe(new Date(first + 5_000).toISOString());
    expect(next(first + 7_000)).toBe(new Date(first + 10_000).toISOString());
  });
});
