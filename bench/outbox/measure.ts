/**
 * What bench/outbox measures of either queue (ours and pg-boss), and how a figure is worked
 * out of the times it recorded.
 */

/** Records when each message was handed to the receiver, by the message's id. */
export class Receiver {
  readonly deliveredAt = new Map<string, number>();
  duplicates = 0;
  private waiting: { count: number; resolve: () => void } | null = null;

  receive(id: string): void {
    if (this.deliveredAt.has(id)) this.duplicates++;
    else this.deliveredAt.set(id, performance.now());
    if (this.waiting && this.deliveredAt.size >= this.waiting.count) {
      this.waiting.resolve();
      this.waiting = null;
    }
  }

  /** Resolves once `count` distinct messages have arrived; rejects after `timeoutMs`. */
  until(count: number, timeoutMs: number): Promise<void> {
    if (this.deliveredAt.size >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${this.deliveredAt.size} of ${count} delivered in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiting = {
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }
}

export interface Drained {
  rows: number;
  ms: number;
  duplicates: number;
}

export interface Steady {
  /** Messages committed, and the rate they were committed at (per second). */
  rows: number;
  committedPerSecond: number;
  /** From each message's commit to its delivery, ms, sorted. */
  latencies: number[];
  duplicates: number;
}

/** A queue as the bench drives it. */
export interface QueueUnderTest {
  /** `rows` messages committed before any worker runs, then drained by the workers. */
  drain(rows: number): Promise<Drained>;
  /** Messages committed one transaction each at `perSecond` for `seconds`, workers running. */
  steady(perSecond: number, seconds: number): Promise<Steady>;
  close(): Promise<void>;
}

export const ratePerSecond = (d: Drained) => d.rows / (d.ms / 1000);

/**
 * Commits `perSecond` messages a second for `seconds`, each by its own `commit()`, paced on a
 * 10 ms clock so a late tick catches up instead of lowering the rate. Gives each message's id
 * and the moment its commit returned.
 */
export async function produce(
  perSecond: number,
  seconds: number,
  commit: () => Promise<string>,
): Promise<{ committedAt: Map<string, number>; ms: number }> {
  const total = perSecond * seconds;
  const committedAt = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let issued = 0;
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond) + 1);
    for (; issued < due; issued++) {
      const one: Promise<void> = commit().then((id) => {
        committedAt.set(id, performance.now());
        inFlight.delete(one);
      });
      inFlight.add(one);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await Promise.all(inFlight);
  return { committedAt, ms: performance.now() - started };
}

/** The commit-to-delivery times of the messages produced, once all of them have arrived. */
export function latencies(committedAt: Map<string, number>, receiver: Receiver): number[] {
  const out: number[] = [];
  for (const [id, at] of committedAt) {
    const delivered = receiver.deliveredAt.get(id);
    if (delivered !== undefined) out.push(Math.max(0, delivered - at));
  }
  return out.sort((a, b) => a - b);
}
