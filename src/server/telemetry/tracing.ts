import type { Config } from '../config';

/** What a span may carry: plain values; undefined ones are left out. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/** The span a piece of work runs in, to add what it learns as it goes. */
export interface SpanHandle {
  setAttributes(attributes: SpanAttributes): void;
  /** Marks the span failed with a short reason (never a message body or a secret). */
  fail(reason: string): void;
}

/** How an HTTP request ended, for its span. */
export interface RequestOutcome {
  /** The route pattern the router matched (`/api/orders/:id`); undefined when none did. */
  route: string | undefined;
  status: number;
  requestId?: string | undefined;
  /** The client went away before the answer was sent. */
  aborted?: boolean;
}

/** The span of one HTTP request, begun when it arrives and ended once with how it went. */
export interface RequestSpan {
  end(outcome: RequestOutcome): void;
}

/** The trace ids of the active span, as log lines carry them. */
export interface LogTraceFields {
  trace_id?: string;
  span_id?: string;
}

export interface Tracing {
  /** False: nothing is traced, and the wiring adds no hook, listener or log field. */
  readonly enabled: boolean;
  /**
   * Runs `work` in a span, the child of the active one. `newTrace`: a trace of its own, linked
   * to the active span if there is one (background work that a request only woke).
   */
  inSpan<T>(
    name: string,
    attributes: SpanAttributes,
    work: (span: SpanHandle) => Promise<T>,
    options?: { newTrace?: boolean },
  ): Promise<T>;
  /**
   * Begins a request's span and makes it the active span of everything the request goes on to
   * do, including reading its body. Call it where the request arrives, before any other code
   * of ours sees it.
   */
  beginRequest(method: string): RequestSpan;
  /** A database statement's span, under the active span; with none active, the statement runs bare. */
  traceQuery<T>(statement: string, driver: 'pglite' | 'postgres', run: () => Promise<T>): Promise<T>;
  /** The active span's ids, for each log line; empty outside any span. */
  logFields(): LogTraceFields;
  /** Sends the spans still waiting, within a short bound, and stops. */
  shutdown(): Promise<void>;
}

const NO_SPAN: SpanHandle = { setAttributes: () => {}, fail: () => {} };

/** Tracing off: each call costs a function call and nothing is kept. */
export const NO_TRACING: Tracing = {
  enabled: false,
  inSpan: (_name, _attributes, work) => work(NO_SPAN),
  beginRequest: () => ({ end: () => {} }),
  traceQuery: (_statement, _driver, run) => run(),
  logFields: () => ({}),
  shutdown: async () => {},
};

export interface TracingOptions {
  /** Told when spans could not be sent (the receiver is down or refuses them); at most once a minute. */
  onExportFailure?: (reason: string) => void;
}

/**
 * The process's tracing per configuration. Without OTEL_EXPORTER_OTLP_ENDPOINT it is NO_TRACING
 * and the OpenTelemetry SDK is never imported: the module below loads its packages itself,
 * only here, so neither a start nor the memory of a process without tracing pays for them.
 */
export async function startTracing(config: Config, options: TracingOptions = {}): Promise<Tracing> {
  if (!config.tracing) return NO_TRACING;
  const { createOtelTracing } = await import('./otel-tracing');
  return createOtelTracing({
    tracesUrl: config.tracing.tracesUrl,
    role: config.role,
    environment: config.env,
    ...options,
  });
}
