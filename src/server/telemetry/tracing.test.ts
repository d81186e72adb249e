import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../testing/otlp-receiver';
import { testPasswordHasher } from '../testing/password-hasher';
import { createRecordingMailer, type RecordingMailer } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig, testSecrets } from '../testing/test-config';
import { testDatabaseForSuite } from '../testing/test-database';
import { createOtelTracing } from './otel-tracing';
import { startTracing } from './tracing';

/*
 * Traces leave by OTLP/HTTP to a receiver on this machine, and only when
 * OTEL_EXPORTER_OTLP_ENDPOINT says where. That the SDK is not even loaded without it is checked
 * on the real process, in main.test.ts.
 */

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());
// One database for the file; each test builds its app on it, with tracing or without.
const database = testDatabaseForSuite();

function app(
  env: Record<string, string>,
  mailer: RecordingMailer,
  lines?: string[],
): Promise<FastifyInstance> {
  return buildApp({
    firstSweepRoundsAfterMs: 0,
    config: testConfig(env),
    database,
    secrets: testSecrets(),
    mailer,
    passwordHasher: testPasswordHasher,
    ...(lines ? { logDestination: { write: (line: string) => lines.push(line) } } : {}),
  });
}

const SERVER = 2;
const CLIENT = 3;

async function listening(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/**
 * Posts JSON whose second half leaves 50 ms after the first, as a slow client's body does: the
 * handler then runs from a later event of the connection, which must still be under the
 * request's span.
 */
function postInTwoPackets(url: string, body: unknown): Promise<number | undefined> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    req.write(text.slice(0, 20));
    setTimeout(() => req.end(text.slice(20)), 50);
  });
}

describe(`traces on ${TEST_DATABASE_NAME}`, () => {
  it('are off without OTEL_EXPORTER_OTLP_ENDPOINT: nothing is sent', async () => {
    expect((await startTracing(testConfig())).enabled).toBe(false);
    const untraced = await app({}, createRecordingMailer());
    const base = await listening(untraced);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    await untraced.close();
    expect(receiver.posts()).toBe(0);
  });

  it('follow a request into its statements and the outbox into its sends; log lines carry the ids', async () => {
    const lines: string[] = [];
    const mailer = createRecordingMailer();
    const traced = await app({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, LOG_LEVEL: 'info' }, mailer, lines);
    const base = await listening(traced);
    // The sweeps' first rounds start with the server; let them end, so the message below is
    // sent by the round the request wakes.
    await traced.outbox.run();
    const status = await postInTwoPackets(`${base}/api/contact`, {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Traced',
      message: 'Where does this go?',
    });
    expect(status).toBe(200);
    await traced.outbox.run();
    expect(mailer.sent.map((m) => m.subject)).toContain('Contact form: Traced');
    // Closing sends what the exporter still holds.
    await traced.close();

    const spans = receiver.spans();
    const request = spans.find((s) => s.name === 'POST /api/contact');
    expect(request, spans.map((s) => s.name).join(', ')).toBeDefined();
    if (!request) return;
    expect(request).toMatchObject({
      kind: SERVER,
      parentSpanId: '',
      attributes: {
        'http.request.method': 'POST',
        'http.route': '/api/contact',
        'http.response.status_code': 200,
      },
      resource: { 'service.name': 'panelhub', 'panelhub.role': 'all' },
    });
    expect(request.traceId).toMatch(/^[0-9a-f]{32}$/);

    // The statements the request ran, in its trace: its body came in two packets before them,
    // so its span reached the handler through the connection's later events too.
    const childrenOf = (parent: ReceivedSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);
    const statements = childrenOf(request).filter((s) => s.kind === CLIENT);
    const insert = statements.find((s) => s.name === 'INSERT outbox_messages');
    expect(insert, statements.map((s) => s.name).join(', ')).toMatchObject({
      traceId: request.traceId,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': 'INSERT',
        'db.collection.name': 'outbox_messages',
        'panelhub.db.driver': TEST_DATABASE_NAME === 'PGlite' ? 'pglite' : 'postgres',
      },
    });
    // The statement's text, never its values.
    expect(String(insert?.attributes['db.query.text'])).toMatch(/insert into "outbox_messages"/i);
    expect(JSON.stringify(spans)).not.toContain('Where does this go?');

    // The round the request woke: a trace of its own, linked to the request, with the batch it
    // claimed and the message it sent, and that message's statements under it.
    const round = spans.find(
      (s) => s.name === 'sweep outbox sweep' && Number(s.attributes['panelhub.sweep.items']) >= 1,
    );
    expect(round).toMatchObject({
      parentSpanId: '',
      links: [{ traceId: request.traceId, spanId: request.spanId }],
    });
    if (!round) return;
    expect(round.traceId).not.toBe(request.traceId);
    const batch = childrenOf(round).find((s) => s.name === 'outbox batch');
    expect(batch?.attributes['panelhub.outbox.rows']).toBeGreaterThanOrEqual(1);
    if (!batch) return;
    const send = childrenOf(batch).find((s) => s.name === 'outbox email');
    expect(send).toMatchObject({
      traceId: round.traceId,
      attributes: {
        'panelhub.outbox.kind': 'email',
        'panelhub.outbox.sent': true,
        'panelhub.outbox.attempt': 1,
      },
    });
    if (!send) return;
    expect(childrenOf(send).map((s) => s.name)).toContain('UPDATE outbox_messages');

    // JSON log lines: the request's carry its reqId and its trace and span ids.
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = records.filter(
      (r) => r.reqId !== undefined && r.trace_id === request.traceId && r.span_id === request.spanId,
    );
    expect(requestLines.map((r) => r.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    expect(new Set(requestLines.map((r) => r.reqId)).size).toBe(1);
    expect(requestLines[0]?.reqId).toBe(request.attributes['panelhub.request_id']);
  });
});

describe('a receiver that is down or does not answer', () => {
  const settings = { role: 'worker', environment: 'test' } as const;

  it('holds shutdown no longer than its bound', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1/traces`;
    try {
      const tracing = await createOtelTracing({
        ...settings,
        tracesUrl: url,
        exportTimeoutMs: 60_000,
        shutdownBoundMs: 300,
      });
      await tracing.inSpan('work', {}, async () => {});
      const began = performance.now();
      await tracing.shutdown();
      expect(performance.now() - began).toBeLessThan(2_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('says so when spans could not be sent', async () => {
    // A port nobody listens on: the one the receiver had a moment ago.
    const gone = await startOtlpReceiver();
    await gone.close();
    const reasons: string[] = [];
    const tracing = await createOtelTracing({
      ...settings,
      tracesUrl: `${gone.url}/v1/traces`,
      exportTimeoutMs: 300,
      onExportFailure: (reason) => reasons.push(reason),
    });
    await tracing.inSpan('work', {}, async () => {});
    await tracing.shutdown();
    expect(reasons).toHaveLength(1);
  });
});
