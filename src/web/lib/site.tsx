import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { SITE_DATA_ELEMENT_ID, type SiteInfo, siteInfoSchema } from '../../domain/site';

/** SiteInfo embedded by the server in the page; absent under the Vite dev server. */
function readEmbeddedSite(): SiteInfo | undefined {
  const element = document.getElementById(SITE_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  const parsed = siteInfoSchema.safeParse(JSON.parse(element.textContent));
  return parsed.success ? parsed.data : undefined;
}

const SiteContext = createContext<SiteInfo | undefined>(undefined);

export function SiteProvider({ children }: { children: ReactNode }) {
  const embedded = readEmbeddedSite();
  const { data } = useQuery({
    queryKey: ['site'],
    queryFn: async () => siteInfoSchema.parse(await (await fetch('/api/site')).json()),
    enabled: !embedded,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const site = embedded ?? data;
  if (!site) return null;
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteInfo {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite must be used inside SiteProvider');
  return site;
}
