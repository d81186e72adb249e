import { type ReactNode, StrictMode } from 'react';
import type { SiteInfo } from '../domain/site';
import { SandboxClockBanner } from './layout/sandbox-clock-banner';
import { SiteProvider } from './lib/site';
import { ThemeProvider } from './theme/theme-provider';

export interface SiteProvidersProps {
  /** Given by the server when prerendering; the browser reads it from the page instead. */
  site?: SiteInfo;
  /** Browser-only extras after the page (the toaster); they render nothing during hydration. */
  extras?: ReactNode;
  children: ReactNode;
}

/**
 * The providers every page needs. The browser (start-site.tsx, start-app.tsx) and the
 * prerenderer (entry-server.tsx) use these same trees, so hydration finds exactly the markup the
 * server produced.
 */
export function SiteProviders({ site, extras, children }: SiteProvidersProps) {
  return (
    <StrictMode>
      <ThemeProvider>
        <SiteProvider value={site}>
          {children}
          <SandboxClockBanner />
          {extras}
        </SiteProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
