/** What a public page puts in <title> and <meta name="description">; each page module exports one. */
export interface PageMeta {
  title: string;
  description: string;
}

/** The title shown in the tab and in search results, the same on the server and in the browser. */
export function documentTitle(meta: PageMeta, brandName: string): string {
  return meta.title ? `${meta.title} | ${brandName}` : brandName;
}

export function isPageMeta(value: unknown): value is PageMeta {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PageMeta).title === 'string' &&
    typeof (value as PageMeta).description === 'string'
  );
}
