/** Where the app sends a visitor after signing in (spec "Route guard behaviour"). */
const DEFAULT_AFTER_SIGN_IN = '/dashboard';
export const REDIRECT_PARAM = 'redirect';

// Any valid origin works as a base; only "did the origin change?" matters.
const PROBE_ORIGIN = 'https://same-site.invalid';

/**
 * A return target given to the sign-in and sign-up pages, only when it is a path on this site:
 * anything that could leave the site (`//evil.example`, `/\evil.example`, `https://...`,
 * `javascript:`) or loop back to the sign-in screens is null.
 */
export function sameSitePath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip these, which can turn "/\t/evil" into "//evil"
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname === '/login' || url.pathname === '/register') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where the sign-in page sends the user on: the return target when it is safe, else the dashboard. */
export function safeRedirectTarget(raw: string | null | undefined): string {
  return sameSitePath(raw) ?? DEFAULT_AFTER_SIGN_IN;
}

/**
 * /login or /register carrying a return target (and, for /register, the address to start
 * with), so each of them can hand it to the other and back.
 */
export function authPathWith(
  page: '/login' | '/register',
  returnTo: string | null,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams(extra);
  if (returnTo) params.set(REDIRECT_PARAM, returnTo);
  const query = params.toString();
  return query ? `${page}?${query}` : page;
}

/** /login with the page the visitor wanted (path and query) as the return target. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  return `/login?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}
