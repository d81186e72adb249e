/** Where the app sends a visitor after signing in (spec "Route guard behaviour"). */
const DEFAULT_AFTER_SIGN_IN = '/dashboard';
export const REDIRECT_PARAM = 'redirect';

// Any valid origin works as a base; only "did the origin change?" matters.
const PROBE_ORIGIN = 'https://same-site.invalid';

/**
 * The sign-in page's return target, only when it is a path on this site. Anything that could
 * leave the site (`//evil.example`, `/\evil.example`, `https://...`, `javascript:`) or loop back
 * to the sign-in screens falls back to the dashboard.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip these, which can turn "/\t/evil" into "//evil"
  if (/[\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_AFTER_SIGN_IN;
  if (url.pathname === '/login' || url.pathname === '/register') return DEFAULT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with the page the visitor wanted (path and query) as the return target. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  return `/login?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}
