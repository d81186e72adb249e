import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Query parameters that may carry a credential; their values never reach the log. */
const SENSITIVE_QUERY = /([?&](?:token|code|otp|password|secret|session_id|key)=)[^&]*/gi;

/** Path segments that are themselves credentials (the password-reset link's token). */
const SENSITIVE_PATH = /(\/reset-password\/)[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SENSITIVE_QUERY, '$1[redacted]').replace(SENSITIVE_PATH, '$1[redacted]');
}

/**
 * Request bodies are never logged, and headers are not part of the request serializer,
 * so cookies and authorization headers stay out. The redact list catches the same fields
 * when code logs an object that happens to contain them.
 *
 * Production and tests write JSON lines. A request's lines carry its `reqId` (Fastify binds it
 * to the request's logger); with tracing on, every line written under a span, a request's or a
 * sweep's, also carries that span's `trace_id` and `span_id`, to find the trace of a log line
 * and the lines of a trace.
 */
export function loggerOptions(
  config: Config,
  destination?: { write(line: string): void },
  /** The active span's `trace_id` and `span_id`, added to each line; absent without tracing. */
  traceFields?: () => object,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(traceFields ? { mixin: traceFields } : {}),
    ...(destination ? { stream: destination } : {}),
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'secret',
        '*.secret',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
    ...(config.isProduction || config.env === 'test' || destination
      ? {}
      : {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }),
  };
}
