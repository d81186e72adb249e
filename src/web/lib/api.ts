import type { z } from 'zod';
import { type ErrorCode, isErrorCode } from '../../domain/api/error-codes';
import { BACKGROUND_REQUEST_HEADER } from '../../domain/constants';
import { CONNECTION_FAILED, RESPONSE_UNREADABLE } from '../../domain/messages';
import { noteActivity } from './last-activity';

/**
 * The code of a refusal as the web reads it: one of the server's, or 'unknown' when the answer
 * carries none of them (a proxy's error page, or a server newer than this tab). Not folded into
 * a listed code: a check such as `code === 'rate_limited'` must not match what the server never said.
 */
export type ApiErrorCode = ErrorCode | 'unknown';

/** An /api error in the server's one shape ({ error: { code, message } }). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The request never got an answer: the network is down, the server unreachable, the
 * connection dropped (fetch's own TypeError, 'Failed to fetch', is kept as the cause).
 */
export class ApiNetworkError extends Error {
  constructor(cause: unknown) {
    super(CONNECTION_FAILED, { cause });
    this.name = 'ApiNetworkError';
  }
}

/** A 2xx answer whose body is not the JSON the caller expects (unparsable, or the wrong shape). */
export class ApiInvalidResponseError extends Error {
  constructor(cause: unknown) {
    super(RESPONSE_UNREADABLE, { cause });
    this.name = 'ApiInvalidResponseError';
  }
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as it is instead of a JSON body, with the content type its route reads. */
  upload?: { file: Blob; contentType: string };
  /** Validates the response; the web app never trusts a shape it did not check. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Made by the page itself, not by the person: not activity for the idle timeout. */
  background?: boolean;
}

/**
 * The one way the web app talks to the API: same-origin, cookies included, JSON in and out.
 * Three ways to fail, each its own error: an error status (ApiRequestError, with the server's
 * message), no answer at all (ApiNetworkError), an answer the schema rejects (ApiInvalidResponseError).
 */
export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { upload, body } = options;
  const content = upload
    ? { type: upload.contentType, body: upload.file }
    : body === undefined
      ? null
      : { type: 'application/json', body: JSON.stringify(body) };
  let response: Response;
  let text: string;
  // The server counts this request as activity for the idle timeout; the tab's timer must too.
  if (!options.background) noteActivity();
  try {
    response = await fetch(path, {
      method: options.method ?? (content ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(content ? { 'content-type': content.type } : {}),
        ...(options.background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : {}),
      },
      ...(content ? { body: content.body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    text = await response.text();
  } catch (error) {
    // A cancelled request stays a cancellation (React Query relies on it); anything else
    // thrown here means no answer arrived.
    if (options.signal?.aborted) throw error;
    throw new ApiNetworkError(error);
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: an error page from a proxy, say. The status or the schema decides below.
      data = null;
    }
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: unknown; message?: string } } | null)?.error;
    throw new ApiRequestError(
      response.status,
      isErrorCode(error?.code) ? error.code : 'unknown',
      error?.message ?? `Request failed (${response.status}).`,
    );
  }
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw new ApiInvalidResponseError(parsed.error);
  return parsed.data;
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError || error instanceof Error) return error.message || fallback;
  return fallback;
}
