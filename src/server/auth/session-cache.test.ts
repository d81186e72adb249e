import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';

/** A cache on a hand-moved clock and write count, with a loader that counts its reads. */
function setUp() {
  const state = { now: 0, writes: 0, loads: 0 };
  const cache = createSessionCache({ now: () => state.now, localWrites: () => state.writes });
  const read = (token: string, person: string | null = `person-of-${token}`) =>
    cache.read(
      token,
      async () => {
        state.loads++;
        return { person, load: state.loads };
      },
      (value) => value.person,
    );
  return { state, cache, read };
}

describe('the session cache', () => {
  it('keeps nothing until changes are heard, and nothing again once they are not', async () => {
    const { state, cache, read } = setUp();
    await read('a');
    await read('a');
    expect(state.loads).toBe(2);

    cache.setListening(true);
    await read('a');
    expect(await read('a')).toEqual({ person: 'person-of-a', load: 3 });
    expect(state.loads).toBe(3);

    cache.setListening(false);
    await read('a');
    await read('a');
    expect(state.loads).toBe(5);
  });

  it("drops a person's sessions at a change to them, everyone's at '*', and others' stay", async () => {
    const { state, cache, read } = setUp();
    cache.setListening(true);
    await read('a1', 'ann');
    await read('a2', 'ann');
    await read('b', 'bob');
    expect(state.loads).toBe(3);

    cache.forget('ann');
    await read('a1', 'ann');
    await read('a2', 'ann');
    await read('b', 'bob');
    expect(state.loads).toBe(5);

    cache.forget('*');
    await read('b', 'bob');
    expect(state.loads).toBe(6);
  });

  it("is stale at any write of this process's own, so the process reads its own writes", async () => {
    const { state, cache, read } = setUp();
    cache.setListening(true);
    await read('a');
    state.writes++;
    await read('a');
    await read('a');
    expect(state.loads).toBe(2);
  });

  it('serves but does not keep an answer read while a change or a write of its own arrived', async () => {
    const { state, cache } = setUp();
    cache.setListening(true);
    const during = (change: () => void) =>
      cache.read(
        'a',
        async () => {
          state.loads++;
          change();
          return 'row';
        },
        () => 'ann',
      );
    expect(await during(() => cache.forget('someone-else'))).toBe('row');
    expect(await during(() => state.writes++)).toBe('row');
    expect(await during(() => {})).toBe('row');
    expect(state.loads).toBe(3);
    await during(() => {});
    expect(state.loads).toBe(3);
  });

  it('keeps an answer 10 seconds at most, and never one about nobody', async () => {
    const { state, cache, read } = setUp();
    cache.setListening(true);
    await read('a');
    state.now += 9_999;
    await read('a');
    expect(state.loads).toBe(1);
    state.now += 1;
    await read('a');
    expect(state.loads).toBe(2);

    await read('unknown', null);
    await read('unknown', null);
    expect(state.loads).toBe(4);
  });
});
