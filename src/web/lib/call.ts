import type { z } from 'zod';
import type { Endpoint } from '../../domain/api/endpoint';
import { api } from './api';
import { type AddressInput, fillPath, type Optional, queryString } from './endpoint-path';

// The web app's one way to call a declared endpoint (src/domain/api): the method, the path and
// the types come from the declaration the server serves, and the answer is checked against the
// declaration's own response schema. Everything else (errors, idle activity, background
// requests) is api()'s, unchanged.

type Responses = Record<number, z.ZodType>;

/** An endpoint that answers JSON: files (PDFs, CSV exports) declare no response and take pathOf(). */
export type JsonEndpoint = Endpoint & { response: Responses };

type SuccessStatus = 200 | 201 | 202 | 203 | 204;

/** What the call resolves with: the declared 2xx answer, after its schema's transforms. */
export type CallResult<E extends JsonEndpoint> = E['response'][Extract<
  keyof E['response'],
  SuccessStatus
>] extends infer S extends z.ZodType
  ? z.output<S>
  : never;

/** The body: a JSON value typed from the declaration, or the file of an endpoint that consumes one. */
type BodyInput<E> = E extends { consumes: readonly string[] }
  ? { upload: Blob; body?: undefined }
  : E extends { body: infer B extends z.ZodType }
    ? { body: z.input<B> }
    : { body?: undefined };

interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Made by the page itself, not by the person: not activity for the idle timeout. */
  background?: boolean | undefined;
}

export type CallInput<E extends JsonEndpoint> = AddressInput<E> & BodyInput<E> & CallOptions;

/** The schema of the lowest 2xx status the endpoint declares. */
function successSchema(endpoint: JsonEndpoint): z.ZodType {
  const status = Object.keys(endpoint.response)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b)[0];
  const schema = status === undefined ? undefined : endpoint.response[status];
  if (!schema) throw new TypeError(`${endpoint.method} ${endpoint.path} declares no success answer.`);
  return schema;
}

/**
 * Calls a declared endpoint: `:params` filled (encoded), the query serialised, the body sent as
 * JSON (or the file, with the type the endpoint consumes), the answer validated. Fails as api()
 * does: ApiRequestError, ApiNetworkError or ApiInvalidResponseError.
 */
export async function call<E extends JsonEndpoint>(
  endpoint: E,
  ...[input]: Optional<CallInput<E>> extends true ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<CallResult<E>> {
  const { params, query, body, upload, signal, background } = (input ?? {}) as {
    params?: Readonly<Record<string, unknown>>;
    query?: Readonly<Record<string, unknown>>;
    body?: unknown;
    upload?: Blob;
  } & CallOptions;
  const contentType = endpoint.consumes?.[0];
  const data = await api(fillPath(endpoint.path, params) + queryString(query), {
    method: endpoint.method,
    ...(upload && contentType ? { upload: { file: upload, contentType } } : { body }),
    schema: successSchema(endpoint),
    ...(signal ? { signal } : {}),
    ...(background ? { background } : {}),
  });
  // successSchema() picked, at run time, the schema CallResult names at compile time.
  return data as CallResult<E>;
}
