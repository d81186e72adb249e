/**
 * A request's path as the router matched it, for the handlers that run when no route did: with
 * no scheme and host (a request target in absolute form), no query, and %-escapes decoded as the
 * router decodes them (the reserved characters, such as %2F, stay escaped). Deciding from the raw
 * target would send `/%61pi/x` or `http://host/api/x` down the web pages' branch.
 */
export function routedPath(url: string): string {
  const target = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  const path = target.split('?')[0] || '/';
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
