// Query strings of the admin lists (D11: paging, search and filters run on the server).

type ListParams = Record<string, string | number | undefined>;

/**
 * `path?k=v&...` without empty values, so an unset filter is simply absent (the server's
 * strict schemas refuse `status=`). Keys keep their given order: one filter, one cache key.
 */
export function withQuery(path: string, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
