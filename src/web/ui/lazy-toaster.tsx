import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { createBrowserRouter } from 'react-router';
import { useHydrated } from '../lib/use-hydrated';
import { useTheme } from '../theme/theme-provider';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

// sonner is about 10 KB gzipped and no storefront page shows a toast (the contact form confirms
// inline), so it loads only once the visitor reaches another screen. sonner replays toasts made
// before its Toaster mounts, so a toast raised by the first screen that needs one still shows.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Toasts top right (D13), themed like the app, mounted from the first non-storefront screen on. */
export function ThemedToaster({
  router,
  storefrontPaths,
}: {
  router: BrowserRouter;
  /** The prerendered public pages, which never show a toast. */
  storefrontPaths: ReadonlySet<string>;
}) {
  const { theme } = useTheme();
  const pathname = useSyncExternalStore(
    router.subscribe,
    () => router.state.location.pathname,
    () => '/',
  );
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  // Once mounted it stays: a toast raised just before navigating back to a public page must show.
  if (!wanted && !storefrontPaths.has(pathname)) setWanted(true);
  // Never during hydration: the prerendered HTML (the 404 page too) has no toaster in it.
  if (!wanted || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      {/* On phones the toasts sit below the fixed top bar, not over its menu button. */}
      <Toaster position="top-right" theme={theme} richColors closeButton mobileOffset={{ top: 72 }} />
    </Suspense>
  );
}
