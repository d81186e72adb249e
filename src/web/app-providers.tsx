import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import type { SiteInfo } from '../domain/site';
import { SandboxClockBanner } from './layout/sandbox-clock-banner';
import { SiteProvider } from './lib/site';
import { ThemeProvider } from './theme/theme-provider';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** Given by the server when prerendering; the browser reads it from the page instead. */
  site?: SiteInfo;
  /** Browser-only extras after the router (the toaster); they render nothing during hydration. */
  extras?: ReactNode;
  children: ReactNode;
}

/**
 * The providers around the router. The browser (main.tsx) and the prerenderer (entry-server.tsx)
 * both use this one tree, so hydration finds exactly the markup the server produced.
 */
export function AppProviders({ queryClient, site, extras, children }: AppProvidersProps) {
  return (
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <SiteProvider value={site}>
            {children}
            <SandboxClockBanner />
            {extras}
          </SiteProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
