import { useSyncExternalStore } from 'react';
import { useSiteIfProvided } from './site';

// How far the sandbox clock has moved the business time ahead, as this tab knows it: from the
// site facts the page was served with, or from an advance this tab made since (the page is not
// reloaded for it). The offset only grows, so the larger of the two is the newer.

let learned = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** After an advance: every banner and clock of the tab follows at once. */
export function noteSandboxOffset(offsetMs: number): void {
  if (offsetMs <= learned) return;
  learned = offsetMs;
  for (const listener of listeners) listener();
}

/** 0 where there is no sandbox clock, or it never moved. */
export function useSandboxOffsetMs(): number {
  const served = useSiteIfProvided()?.sandboxClock?.offsetMs ?? 0;
  const noted = useSyncExternalStore(
    subscribe,
    () => learned,
    () => 0,
  );
  return Math.max(served, noted);
}
