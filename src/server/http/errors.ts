import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error shape every /api response uses (D14). */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** Thrown by services and routes for an expected failure with a clear message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, code = 'bad_request') => new ApiError(400, code, message);
export const unauthorized = (message = 'Sign in to continue.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this resource.') =>
  new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);

export function errorBody(code: string, message: string): ApiErrorBody {
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

export function apiNotFoundBody(method: string, url: string): ApiErrorBody {
  return errorBody('not_found', `No API route ${method} ${url.split('?')[0]}.`);
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
      const code = status === 429 ? 'rate_limited' : (error.code ?? 'bad_request').toLowerCase();
      return reply.status(status).send(errorBody(code, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}
