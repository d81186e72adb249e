/** How a sweep's runner is started (wiring/sweeps.ts). */
export interface RunnerStart {
  /** Runs at the start of each round: the sandbox clock reads its shared offset there. */
  beforeRound?: (() => Promise<unknown>) | undefined;
  /**
   * How long the first round waits; none runs it at once. The runner is armed all the same: a
   * kick in the meantime runs a round, with its `beforeRound`.
   */
  firstAfterMs?: number | undefined;
}

/**
 * Calls `tick` after the first wait (at once without one), then every `intervalMs`. Neither
 * timer keeps the process alive.
 */
export function tickEvery(
  intervalMs: number,
  firstAfterMs: number | undefined,
  tick: () => void,
): { clear(): void } {
  let timer: NodeJS.Timeout | null = null;
  const begin = () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  };
  if (firstAfterMs) {
    timer = setTimeout(begin, firstAfterMs);
    timer.unref();
  } else {
    begin();
  }
  return {
    // clearInterval ends the first wait too: Node's timers are one kind.
    clear: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
