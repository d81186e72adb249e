import type { Attributes, Span } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { ProcessRole } from '../config';
import { summarizeStatement } from './statement-summary';
import type { SpanAttributes, Tracing, TracingOptions } from './tracing';

/*
 * Tracing with the OpenTelemetry SDK, loaded only when configured (tracing.ts). Every package is
 * imported inside createOtelTracing, never at the top: the server's bundle hoists a static import
 * of a dependency to its own top, which would load the SDK in every process.
 *
 * Nothing is registered globally (no global tracer provider, context manager or propagator):
 * the active span lives in this instance's own AsyncLocalStorage and every span names its
 * parent, so two apps in one process (the tests) keep their traces apart, and libraries that
 * look for a global tracer (better-auth does) find none and stay quiet.
 */

export interface OtelTracingSettings extends TracingOptions {
  tracesUrl: string;
  role: ProcessRole;
  environment: string;
  /** EXPORT_TIMEOUT_MS and SHUTDOWN_BOUND_MS unless given (tests shorten them). */
  exportTimeoutMs?: number;
  shutdownBoundMs?: number;
}

/** One export's bound, and the exporter's HTTP timeout: a dead receiver must not hold shutdown. */
const EXPORT_TIMEOUT_MS = 2_000;
/**
 * What shutdown waits for the last spans, at most. It comes after the sweeps stopped (up to
 * 10 s for a webhook send in flight) and must end within the 14 s the process gives itself.
 */
const SHUTDOWN_BOUND_MS = 2_500;
/** Statements longer than this (a many-row insert) are cut: the span keeps the part that says what it is. */
const MAX_STATEMENT_LENGTH = 2_000;
/** Export failures are reported this often at most, while the receiver stays down. */
const FAILURE_REPORT_INTERVAL_MS = 60_000;
/** The methods a span is named by; anything else the parser let through is `_OTHER` (few names, by design). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function defined(attributes: SpanAttributes): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) kept[key] = value;
  return kept;
}

/** The error's kind, never its message: database messages quote the values they refused. */
function errorKind(error: unknown): string {
  if (!(error instanceof Error)) return 'error';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}

type ExportCallback = Parameters<SpanExporter['export']>[1];

/** The exporter, telling `report` when a batch could not be sent (once a minute at most). */
function reportingFailures(
  exporter: SpanExporter,
  report: ((reason: string) => void) | undefined,
): SpanExporter {
  if (!report) return exporter;
  let lastReport = Number.NEGATIVE_INFINITY;
  return {
    export(spans, done: ExportCallback) {
      exporter.export(spans, (result) => {
        const now = performance.now();
        if (result.code !== 0 && now - lastReport >= FAILURE_REPORT_INTERVAL_MS) {
          lastReport = now;
          report(result.error?.message ?? 'the receiver did not take them');
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

export async function createOtelTracing(settings: OtelTracingSettings): Promise<Tracing> {
  const [{ AsyncLocalStorage }, { randomUUID }, api, sdk, { OTLPTraceExporter }, resources] =
    await Promise.all([
      import('node:async_hooks'),
      import('node:crypto'),
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } = api;

  // OTLP/HTTP with JSON bodies: no protobuf library to load, and any collector takes it.
  const { exportTimeoutMs = EXPORT_TIMEOUT_MS, shutdownBoundMs = SHUTDOWN_BOUND_MS } = settings;
  const exporter = reportingFailures(
    new OTLPTraceExporter({ url: settings.tracesUrl, timeoutMillis: exportTimeoutMs }),
    settings.onExportFailure,
  );
  const provider = new sdk.TracerProvider({
    resource: resources.defaultResource().merge(
      resources.resourceFromAttributes({
        'service.name': 'panelhub',
        'service.instance.id': randomUUID(),
        'deployment.environment.name': settings.environment,
        'panelhub.role': settings.role,
      }),
    ),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter, exportTimeoutMillis: exportTimeoutMs })],
  });
  const tracer = provider.getTracer('panelhub');
  const active = new AsyncLocalStorage<Span>();
  const under = (parent: Span | undefined) => (parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT);
  const fail = (span: Span, reason: string) =>
    span.setStatus({ code: SpanStatusCode.ERROR, message: reason });

  return {
    enabled: true,

    inSpan(name, attributes, work, options = {}) {
      const parent = active.getStore();
      const span = options.newTrace
        ? tracer.startSpan(
            name,
            { attributes: defined(attributes), links: parent ? [{ context: parent.spanContext() }] : [] },
            ROOT_CONTEXT,
          )
        : tracer.startSpan(name, { attributes: defined(attributes) }, under(parent));
      return active.run(span, async () => {
        try {
          return await work({
            setAttributes: (more) => span.setAttributes(defined(more)),
            fail: (reason) => fail(span, reason),
          });
        } catch (error) {
          fail(span, errorKind(error));
          throw error;
        } finally {
          span.end();
        }
      });
    },

    beginRequest(rawMethod) {
      const method = METHODS.has(rawMethod) ? rawMethod : '_OTHER';
      const span = tracer.startSpan(
        method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
        ROOT_CONTEXT,
      );
      // The rest of this 'request' event (Fastify's routing, its first hooks) runs under the
      // span, and so does what they go on to do: Fastify carries the context into the body's
      // later events itself (an AsyncResource per parse), on every Node version. The next
      // request on the connection sets its own span the same way.
      active.enterWith(span);
      let ended = false;
      return {
        end({ route, status, requestId, aborted }) {
          if (ended) return;
          ended = true;
          if (route) span.updateName(`${method} ${route}`);
          span.setAttributes(
            defined({
              'http.route': route,
              'http.response.status_code': aborted ? undefined : status,
              'panelhub.request_id': requestId,
              'panelhub.aborted': aborted || undefined,
            }),
          );
          if (!aborted && status >= 500) fail(span, String(status));
          span.end();
        },
      };
    },

    traceQuery(statement, driver, run) {
      const parent = active.getStore();
      // A statement outside any request or background work (start-up) would be a trace of its own
      // with one span: noise, not a story.
      if (!parent) return run();
      const { operation, table } = summarizeStatement(statement);
      const span = tracer.startSpan(
        table ? `${operation} ${table}` : operation,
        {
          kind: SpanKind.CLIENT,
          attributes: defined({
            'db.system.name': 'postgresql',
            'db.operation.name': operation,
            'db.collection.name': table,
            // The statement with its $1 placeholders: the values never reach a span.
            'db.query.text':
              statement.length > MAX_STATEMENT_LENGTH
                ? `${statement.slice(0, MAX_STATEMENT_LENGTH)}…`
                : statement,
            'panelhub.db.driver': driver,
          }),
        },
        under(parent),
      );
      return run().then(
        (result) => {
          span.end();
          return result;
        },
        (error: unknown) => {
          fail(span, errorKind(error));
          span.end();
          throw error;
        },
      );
    },

    logFields() {
      const span = active.getStore();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },

    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, shutdownBoundMs);
        timer.unref();
      });
      await Promise.race([provider.shutdown().catch(() => {}), bound]);
      clearTimeout(timer);
      active.disable();
    },
  };
}
