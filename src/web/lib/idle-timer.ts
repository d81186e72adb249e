interface IdleTimerOptions {
  /** Idle time after which the session ends. */
  limitMs: number;
  /** The latest counted activity (ms since the epoch), shared by every tab; null when unknown. */
  lastActivityAt: () => number | null;
  /** Called once, when `limitMs` have passed since the latest activity. */
  onIdle: () => void;
  now?: () => number;
}

/**
 * Waits until the latest activity is `limitMs` old, then calls onIdle. When the timer fires it
 * reads the activity again: another tab of the same session may have been used meanwhile, and
 * then this tab waits on from that moment instead. Unknown activity counts from the start.
 * Returns the stop function.
 */
export function startIdleTimer({
  limitMs,
  lastActivityAt,
  onIdle,
  now = Date.now,
}: IdleTimerOptions): () => void {
  const startedAt = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const latest = lastActivityAt() ?? startedAt;
    const left = latest + limitMs - now();
    if (left <= 0) {
      timer = undefined;
      onIdle();
      return;
    }
    timer = setTimeout(check, left);
  };
  check();
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}
