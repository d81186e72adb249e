import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates prerendered HTML (and on the server), true afterwards.
 * Lets a component show browser-only state (stored theme, toasts) without a hydration mismatch:
 * the first client render matches the server's, then React re-renders with the real value.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
