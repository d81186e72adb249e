import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { createQueryClient } from './lib/query-client';
import { resolveLazyRoutes } from './lib/resolve-lazy-routes';
import { prerenderedPaths } from './public/routes';
import { routes } from './routes';
import { ThemedToaster } from './ui/lazy-toaster';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = container;
const storefrontPaths = new Set(prerenderedPaths);

async function start(): Promise<void> {
  await resolveLazyRoutes(routes, window.location);
  const router = createBrowserRouter(routes);
  const app = (
    <AppProviders
      queryClient={createQueryClient()}
      extras={<ThemedToaster router={router} storefrontPaths={storefrontPaths} />}
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
  // The server prerenders public pages into #root; other routes arrive as an empty shell.
  // Hydrating as a transition lets React yield to the browser between chunks of work, so a
  // long page does not block input while it becomes interactive.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();
