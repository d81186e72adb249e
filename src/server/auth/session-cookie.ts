import { createHmac, timingSafeEqual } from 'node:crypto';

/** The auth library's session cookie: `<prefix>better-auth.session_token`. */
const COOKIE = 'better-auth.session_token';

/** The session cookie's name, as the library sets it (prefixed when cookies are secure). */
export const sessionCookieName = (secure: boolean) => `${secure ? '__Secure-' : ''}${COOKIE}`;

/**
 * Reads the session token from the auth library's signed session cookie without calling the
 * library: every signed-in request needs it, and the library's own session lookup costs
 * several queries and most of a request's time (docs/performance.md). The format is the
 * library's: `encodeURIComponent(token + '.' + base64(HMAC-SHA256(secret, token)))`, under a
 * `__Secure-` prefix when cookies are secure. `session-cookie.test.ts` signs in through the
 * library and checks that this reads what it wrote, so a library upgrade that changes the
 * format fails there.
 */
export function createSessionCookieReader(secret: string, secure: boolean) {
  const name = sessionCookieName(secure);
  return function sessionToken(cookieHeader: string | null): string | null {
    if (!cookieHeader) return null;
    const raw = cookieValue(cookieHeader, name);
    if (!raw) return null;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return token;
  };
}

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
