import { createHash, timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether an Authorization header carries the token. Both sides are hashed first so the
 * comparison is over equal lengths and takes the same time whatever was sent: neither the
 * token's length nor how much of it a guess got right shows in the response time.
 */
export function bearerChecker(token: string): (header: string | undefined) => boolean {
  const expected = digest(token);
  return (header) => {
    const presented = header === undefined ? undefined : BEARER.exec(header)?.[1];
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
  };
}
