import type { z } from 'zod';
import { BACKGROUND_REQUEST_HEADER } from '../../domain/constants';

/** An /api error in the server's one shape ({ error: { code, message } }). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates the response; the web app never trusts a shape it did not check. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Made by the page itself, not by the person: not activity for the idle timeout. */
  background?: boolean;
}

/**
 * The one way the web app talks to the API: same-origin, cookies included, JSON in and out,
 * errors thrown as ApiRequestError with the server's message.
 */
export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const response = await fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `Request failed (${response.status}).`,
    );
  }
  return options.schema ? options.schema.parse(data) : (data as T);
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError || error instanceof Error) return error.message || fallback;
  return fallback;
}
