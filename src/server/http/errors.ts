import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../domain/api/error-codes';
import { routedPath } from './routed-path';

/** The one error shape every /api response uses (D14). */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string };
}

/** Thrown by services and routes for an expected failure with a clear message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request') =>
  new ApiError(400, code, message);
export const unauthorized = (message = 'Sign in to continue.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this resource.') =>
  new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCode) => new ApiError(409, code, message);

export function errorBody(code: ErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}

function describeValidation(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const first = error.validation[0];
  if (!first) return 'Invalid request.';
  const where = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const keys = (first.params as { keys?: unknown } | undefined)?.keys;
  if (first.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
    return `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}.`;
  }
  const message = first.message ?? 'is invalid';
  return where ? `${where}: ${message}` : message;
}

/** The longest path parameter the router takes; longer ones are refused with 414 (wiring/http.ts). */
export const MAX_PARAM_LENGTH = 100;

/**
 * Fastify's own refusals, raised before a route's schema or handler runs, in our codes and
 * words (D14). Keyed by Fastify's error code; the status stays Fastify's.
 */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'The content type of the request body is not accepted here.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_json',
    message: 'The request body is empty although its content type says JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The Content-Length header does not match the request body.',
  },
  FST_ERR_BAD_URL: { code: 'bad_url', message: 'The address is not a valid URL.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'uri_too_long',
    message: `A part of the address is longer than ${MAX_PARAM_LENGTH} characters.`,
  },
};

/**
 * Fastify's `frameworkErrors` option: the router's refusals (a malformed %-escape, an
 * over-long parameter) never reach setErrorHandler, and would otherwise answer in Fastify's
 * shape.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code];
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send(errorBody(known?.code ?? 'bad_request', known?.message ?? 'Bad request.'));
}

/**
 * The code of a client error Fastify raised without one of ours, by its status: its own code
 * (FST_ERR_...) names an internal, and is not one a client can look up.
 */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
};

export function apiNotFoundBody(method: string, url: string): ApiErrorBody {
  return errorBody('not_found', `No API route ${method} ${routedPath(url)}.`);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (error.validation) {
      return reply.status(400).send(errorBody('validation_error', describeValidation(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limits) keep their status.
      const known = FRAMEWORK_ERRORS[error.code];
      if (known) return reply.status(status).send(errorBody(known.code, known.message));
      return reply.status(status).send(errorBody(CODE_OF_STATUS[status] ?? 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}
