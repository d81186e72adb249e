/** A same-site path ('/x', never '//host' or '/\host'), the only redirect the app follows itself. */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** An external checkout page (Stripe); only https, or http for a local stand-in. */
export function isExternalCheckoutUrl(url: string): boolean {
  return /^https?:\/\/[^/\\]/i.test(url);
}
