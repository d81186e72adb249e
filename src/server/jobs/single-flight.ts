/**
 * Rounds of a job that never run two at once in this process. A call while a run is under way
 * shares that run and asks it for one more round, since new work may have arrived after the
 * round in hand looked; the run ends after a round no call came during, or once `stopped()`.
 * It resolves to what each of its rounds returned.
 */
export function singleFlight<R>(round: () => Promise<R>, stopped: () => boolean) {
  let running: Promise<R[]> | null = null;
  let again = false;

  const rounds = async (): Promise<R[]> => {
    const all: R[] = [];
    do {
      again = false;
      all.push(await round());
    } while (again && !stopped());
    return all;
  };

  return {
    run(): Promise<R[]> {
      if (running) {
        again = true;
        return running;
      }
      running = rounds().finally(() => {
        running = null;
      });
      return running;
    },
    /**
     * Asks the run under way for one more round, as a call would: for a round that stopped at
     * its bound with work left, so the rest does not wait for the next call.
     */
    more(): void {
      if (running) again = true;
    },
    /** The run under way, if any. */
    get current(): Promise<R[]> | null {
      return running;
    },
  };
}
