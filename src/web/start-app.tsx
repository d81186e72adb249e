import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { createQueryClient } from './lib/query-client';
import { resolveLazyRoutes } from './lib/resolve-lazy-routes';
import { SiteNavigationProvider } from './public/layout/site-navigation';
import { prerenderedPaths } from './public/page-list';
import { routerNavigation } from './router-navigation';
import { routes } from './routes';
import { ThemedToaster } from './ui/lazy-toaster';

const storefrontPaths = new Set(prerenderedPaths);

/** A storefront page hydrated without the app (start-site.tsx), which the app takes over. */
export interface Takeover {
  root: Root;
  /** Where the visitor is going: a link they followed; absent to stay on the page. */
  to?: string;
}

/**
 * Starts the whole app (router, query cache, toasts) in `container`: hydrating a prerendered
 * page, rendering an empty shell, or replacing a storefront page that was running alone.
 */
export async function startApp(container: HTMLElement, takeover?: Takeover): Promise<void> {
  const target = takeover?.to ? new URL(takeover.to, window.location.href) : window.location;
  await resolveLazyRoutes(routes, target);
  if (takeover?.to) window.history.pushState(null, '', takeover.to);
  const router = createBrowserRouter(routes);
  const app = (
    <AppProviders
      queryClient={createQueryClient()}
      extras={<ThemedToaster router={router} storefrontPaths={storefrontPaths} />}
    >
      <SiteNavigationProvider value={routerNavigation}>
        <RouterProvider router={router} />
      </SiteNavigationProvider>
    </AppProviders>
  );
  if (takeover) {
    // In one go, so no frame shows the page empty between the two.
    takeover.root.unmount();
    const root = createRoot(container);
    flushSync(() => root.render(app));
  } else if (container.firstElementChild) {
    // The 404 page arrives prerendered; other routes arrive as an empty shell. Hydrating as a
    // transition lets React yield to the browser between chunks of work.
    startTransition(() => void hydrateRoot(container, app));
  } else {
    createRoot(container).render(app);
  }
}
