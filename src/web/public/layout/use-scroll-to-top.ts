import { useEffect } from 'react';
import { useSiteLocation } from './site-navigation';

/**
 * Every public page opens at its top (spec: the landing page scrolls to top on load): on first
 * load, where the browser would otherwise restore an old position after a reload, and on each
 * navigation inside the app. A link to an anchor (#section) keeps the browser's own scrolling.
 */
export function useScrollToTop(): void {
  const { pathname, hash } = useSiteLocation();
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: each new page starts at the top.
  useEffect(() => {
    if (hash) return;
    window.scrollTo(0, 0);
  }, [pathname, hash]);
}
