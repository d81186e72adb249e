import type { z } from 'zod';
import type { Endpoint } from '../../domain/api/endpoint';

// The address of a declared endpoint (src/domain/api), made from its declaration: the web app
// never spells an API path by hand, so a path the server does not serve cannot be written.

/** What a path segment or a query value can carry. */
export type UrlValue = string | number | boolean;

/**
 * A coerced schema (`z.coerce.number()`, how ids and pages arrive as text) takes `unknown`;
 * in a URL that means any value a URL can hold, not anything at all.
 */
type InUrl<T> = unknown extends T ? UrlValue : T;
type UrlShape<T> = { [K in keyof T]: InUrl<T[K]> };

/** Query values the server's strict schemas would refuse as `key=` are left out instead. */
type QueryShape<T> = { [K in keyof T]?: InUrl<T[K]> | null | undefined };

/** `params` when the path has `:segments`, typed from the declaration's params schema. */
export type ParamsInput<E> = E extends { params: infer P extends z.ZodType }
  ? { params: UrlShape<z.input<P>> }
  : { params?: undefined };

/** `query` when the endpoint reads a query string, typed from its querystring schema. */
export type QueryInput<E> = E extends { querystring: infer Q extends z.ZodType }
  ? { query?: QueryShape<z.input<Q>> }
  : { query?: undefined };

export type AddressInput<E> = ParamsInput<E> & QueryInput<E>;

/** Whether `T` may be left out entirely: every key of it is optional. */
export type Optional<T> = Record<string, never> extends T ? true : false;

/** `path` with each `:name` filled from `params`, percent-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    // A path with a hole would reach another route, or none: better to fail here, loudly.
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`${path} needs a value for :${name}.`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * `?k=v&...` (or '') in the order the keys were given, so one filter makes one URL; unset and
 * empty values are left out, since the server's strict schemas refuse `status=`.
 */
export function queryString(query: Readonly<Record<string, unknown>> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The same-origin path of a declared endpoint: for what the browser fetches by itself (a PDF
 * link, a CSV export) and for call().
 */
export function pathOf<E extends Endpoint>(
  endpoint: E,
  ...[input]: Optional<AddressInput<E>> extends true ? [input?: AddressInput<E>] : [input: AddressInput<E>]
): string {
  const { params, query } = (input ?? {}) as {
    params?: Readonly<Record<string, unknown>>;
    query?: Readonly<Record<string, unknown>>;
  };
  return fillPath(endpoint.path, params) + queryString(query);
}
