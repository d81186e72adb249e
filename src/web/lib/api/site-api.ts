import type { SiteInfo } from '../../../domain/site';

// A plain fetch, not call(siteApi.info): every page loads this module first, and call() would
// bring zod and the endpoint declarations with it. Our own server validated the answer before
// sending it.

export const fetchSiteInfo = () =>
  fetch('/api/site').then((response) => response.json() as Promise<SiteInfo>);
