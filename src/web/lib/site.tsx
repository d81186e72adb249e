import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { SiteInfo } from '../../domain/site';
import { SITE_DATA_ELEMENT_ID } from '../../domain/site-data';
import { fetchSiteInfo } from './api/site-api';

// SiteInfo comes from our own server, which validates it against siteInfoSchema before sending;
// parsing it again here would put zod (about 20 KB gzipped) into every page's first download.

/** SiteInfo embedded by the server in the page; absent under the Vite dev server and on the server. */
function readEmbeddedSite(): SiteInfo | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(SITE_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as SiteInfo;
  } catch {
    return undefined;
  }
}

const SiteContext = createContext<SiteInfo | undefined>(undefined);

/** `value` is given when prerendering on the server; the browser reads the embedded copy. */
export function SiteProvider({ children, value }: { children: ReactNode; value?: SiteInfo | undefined }) {
  const [embedded] = useState(() => value ?? readEmbeddedSite());
  const [fetched, setFetched] = useState<SiteInfo>();
  // Only the Vite dev server serves pages without the embedded copy. A plain fetch keeps
  // TanStack Query's observer code out of the first download of every page.
  useEffect(() => {
    if (embedded) return;
    let active = true;
    void fetchSiteInfo().then((site) => active && setFetched(site));
    return () => {
      active = false;
    };
  }, [embedded]);
  const site = embedded ?? fetched;
  if (!site) return null;
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

/** The site, or undefined outside SiteProvider (a component rendered alone in a test). */
export function useSiteIfProvided(): SiteInfo | undefined {
  return useContext(SiteContext);
}

export function useSite(): SiteInfo {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite must be used inside SiteProvider');
  return site;
}
