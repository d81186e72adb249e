import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from './lib/query-client';
import { SiteProvider } from './lib/site';
import { routes } from './routes';
import { ThemeProvider, useTheme } from './theme/theme-provider';
import './styles.css';

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster position="top-right" theme={theme} richColors closeButton />;
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SiteProvider>
          <RouterProvider router={router} />
          <ThemedToaster />
        </SiteProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
