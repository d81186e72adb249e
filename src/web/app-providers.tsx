import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SiteProviders, type SiteProvidersProps } from './site-providers';

/** The site's providers and the query cache, around the router. */
export function AppProviders({
  queryClient,
  children,
  ...props
}: SiteProvidersProps & { queryClient: QueryClient }) {
  return (
    <SiteProviders {...props}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </SiteProviders>
  );
}
