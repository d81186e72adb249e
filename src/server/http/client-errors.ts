import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import type { ErrorCode } from '../../domain/api/error-codes';
import { errorBody } from './errors';

/** Node's HTTP parser refusals, keyed by its error code, in our codes and words (D14). */
const PARSER_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  // The request line counts towards the limit: an over-long URL lands here too.
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: 'The address or the request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    message: 'The request took too long to arrive.',
  },
};
const MALFORMED = { status: 400, code: 'bad_request' as const, message: 'The request is not valid HTTP.' };

/**
 * Fastify's `clientErrorHandler`: the requests Node's parser refuses before Fastify sees them
 * (headers or URL over the limit, a malformed request line, a timeout). Fastify's default
 * writes its own body; this writes the one error shape, then closes the connection, as Node
 * does, since the rest of what the client sent cannot be read.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = PARSER_ERRORS[error.code] ?? MALFORMED;
  if (socket.writable) {
    const body = JSON.stringify(errorBody(refusal.code, refusal.message));
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
