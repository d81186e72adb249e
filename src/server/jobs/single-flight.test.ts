import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

/** A round that waits until released, numbering the rounds as they start. */
function gatedRounds() {
  let started = 0;
  const gates: (() => void)[] = [];
  const round = async () => {
    started += 1;
    const n = started;
    await new Promise<void>((resolve) => gates.push(resolve));
    return n;
  };
  const release = async () => {
    while (gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    gates.shift()!();
  };
  return { round, release, started: () => started };
}

describe('singleFlight', () => {
  it('runs one round when nobody calls meanwhile, and is idle after', async () => {
    const g = gatedRounds();
    const flight = singleFlight(g.round, () => false);
    const run = flight.run();
    expect(flight.current).not.toBeNull();
    await g.release();
    expect(await run).toEqual([1]);
    expect(flight.current).toBeNull();
  });

  it('shares the run in hand with a call during it, which gets one more round', async () => {
    const g = gatedRounds();
    const flight = singleFlight(g.round, () => false);
    const first = flight.run();
    const second = flight.run();
    const third = flight.run();
    await g.release();
    await g.release();
    expect(await first).toEqual([1, 2]);
    expect(await second).toEqual([1, 2]);
    expect(await third).toEqual([1, 2]);
    expect(g.started()).toBe(2);
  });

  it('goes round once more when a round asks for it, and more() between runs starts nothing', async () => {
    const g = gatedRounds();
    const flight = singleFlight(g.round, () => false);
    flight.more();
    expect(flight.current).toBeNull();
    const run = flight.run();
    flight.more();
    await g.release();
    await g.release();
    expect(await run).toEqual([1, 2]);
    expect(g.started()).toBe(2);
  });

  it('goes round no more once stopped', async () => {
    const g = gatedRounds();
    let stopped = false;
    const flight = singleFlight(g.round, () => stopped);
    const run = flight.run();
    flight.run();
    stopped = true;
    await g.release();
    expect(await run).toEqual([1]);
  });
});
