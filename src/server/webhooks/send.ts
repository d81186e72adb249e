import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';

/** Kept of a receiver's answer: enough to show why it failed, too little to store a page. */
export const RESPONSE_BODY_LIMIT = 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;
const USER_AGENT = 'PanelHub-Webhooks/1';

export interface SendInput {
  url: string | URL;
  /** The address `resolveDeliveryTarget` checked; the connection goes there and only there. */
  address: string;
  /** The signature headers; content type, length and user agent are added here. */
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}

export type SendResult =
  | { ok: true; status: number; durationMs: number; body: string }
  | {
      ok: false;
      /** 'redirect': a 3xx, never followed (its target was not checked); 'status': any other non-2xx. */
      error: 'redirect' | 'status';
      status: number;
      durationMs: number;
      body: string;
    }
  | {
      ok: false;
      /** 'timeout': no answer within the time limit; 'network': refused, reset, TLS, ... */
      error: 'timeout' | 'network';
      durationMs: number;
      /** The transport's error code or message; never the URL, whose path may hold a token. */
      message: string;
    };

function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    // net asks for every address when it races IPv4 and IPv6 (autoSelectFamily) and for
    // one otherwise; either way the answer is the checked address.
    process.nextTick(() => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    });
  };
}

/** What is kept of a body: PostgreSQL text cannot hold NUL, and a receiver may send anything. */
function keptBody(chunks: Buffer[]): string {
  return Buffer.concat(chunks)
    .subarray(0, RESPONSE_BODY_LIMIT)
    .toString('utf8')
    .replaceAll('\u0000', '\uFFFD');
}

/**
 * POSTs one webhook. The URL keeps its host name, so the Host header, TLS SNI and the
 * certificate check all use the name; only the connection is pinned to `address`. Nothing
 * is retried or followed here: the outbox decides what a failure means.
 */
export function sendWebhook({
  url,
  address,
  headers,
  body,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: SendInput): Promise<SendResult> {
  const target = typeof url === 'string' ? new URL(url) : url;
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let response: IncomingMessage | undefined;
    const chunks: Buffer[] = [];
    let received = 0;

    const fromResponse = (res: IncomingMessage): SendResult => {
      const status = res.statusCode ?? 0;
      const kept = keptBody(chunks);
      if (status >= 200 && status < 300) return { ok: true, status, durationMs: elapsed(), body: kept };
      const error = status >= 300 && status < 400 ? 'redirect' : 'status';
      return { ok: false, error, status, durationMs: elapsed(), body: kept };
    };
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };

    const req = request(target, {
      method: 'POST',
      // A fresh connection per delivery: a pooled socket is keyed by host name and could
      // still be connected to an address checked for another delivery.
      agent: false,
      lookup: pinnedLookup(address),
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        ...headers,
        'content-length': String(Buffer.byteLength(body)),
      },
    });

    // One deadline for the whole exchange. Once the status is in, the receiver has answered:
    // a body still trickling at the deadline ends the read, not the delivery.
    const timer = setTimeout(() => {
      if (response) finish(fromResponse(response));
      else
        finish({
          ok: false,
          error: 'timeout',
          durationMs: elapsed(),
          message: `no answer within ${timeoutMs} ms`,
        });
    }, timeoutMs);

    req.on('response', (res) => {
      response = res;
      res.on('data', (chunk: Buffer) => {
        if (received < RESPONSE_BODY_LIMIT) chunks.push(chunk);
        received += chunk.length;
        // The rest is not read at all: a receiver cannot make us download a large answer.
        if (received >= RESPONSE_BODY_LIMIT) finish(fromResponse(res));
      });
      res.on('end', () => finish(fromResponse(res)));
      res.on('error', () => finish(fromResponse(res)));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (response) finish(fromResponse(response));
      else
        finish({ ok: false, error: 'network', durationMs: elapsed(), message: error.code ?? error.message });
    });
    req.end(body);
  });
}
