/**
 * A fixed number of slots shared by whoever waits for one, first come first served: the
 * outbox's sends in flight. `acquire` resolves once a slot is the caller's; `release` hands
 * it to the next waiter or frees it.
 */
export function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    acquire(): Promise<void> {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}
