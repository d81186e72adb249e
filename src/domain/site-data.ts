// How SiteInfo travels inside the served HTML. Kept apart from site.ts, whose zod schema the
// browser does not need: importing these constants must not pull zod into the first download.

/** Id of the JSON script element that carries SiteInfo in the served HTML. */
export const SITE_DATA_ELEMENT_ID = 'site-data';
/** Marker in index.html that the server replaces with the SiteInfo element. */
export const SITE_DATA_PLACEHOLDER = '<!--site-data-->';
