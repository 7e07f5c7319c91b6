/**
 * The one way the suite talks to a target: supertest (superagent) over a keep-alive agent, with a deadline
 * per request and a cap on the bytes it will read, so a hanging, resetting or flooding target becomes a
 * reported outcome rather than a stuck or crashed run. Every request is counted.
 */
import http from 'node:http';
import https from 'node:https';
import supertest from 'supertest';

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The parsed body; `undefined` when it is not JSON (see `jsonError`). */
  readonly json: unknown;
  readonly jsonError?: string;
}

export type TransportFailureKind = 'timeout' | 'connection' | 'too-large' | 'protocol';

export type HttpOutcome =
  | { readonly ok: true; readonly request: HttpRequest; readonly response: HttpResponse; readonly durationMs: number }
  | {
      readonly ok: false;
      readonly request: HttpRequest;
      readonly failure: TransportFailureKind;
      readonly message: string;
      readonly durationMs: number;
    };

export interface TransportOptions {
  readonly timeoutMs: number;
  /** Bodies larger than this are not read: the answer is reported as too large. */
  readonly maxBodyBytes?: number;
}

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 32 });

let requestsSent = 0;
/** Requests sent by this process (worker) so far. */
export const requestCount = (): number => requestsSent;

class BodyTooLarge extends Error {}

/**
 * Sends once more when a reused keep-alive socket turns out to have been closed by the server (a reset before
 * any answer): that race is the transport's, not the target's. A target that resets every time is still
 * reported, after the second try.
 */
export async function send(request: HttpRequest, options: TransportOptions): Promise<HttpOutcome> {
  const first = await sendOnce(request, options);
  if (first.ok || first.failure !== 'connection' || !/ECONNRESET|socket hang up/.test(first.message)) return first;
  const second = await sendOnce(request, options);
  return second.ok ? second : { ...second, message: `${second.message} (twice)` };
}

async function sendOnce(request: HttpRequest, options: TransportOptions): Promise<HttpOutcome> {
  const started = performance.now();
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const url = new URL(request.url);
  requestsSent += 1;
  try {
    const method = request.method.toLowerCase();
    const agent = supertest(url.origin) as unknown as Record<string, (path: string) => supertest.Test>;
    const make = agent[method];
    if (typeof make !== 'function') throw new Error(`unsupported HTTP method ${request.method}`);
    let test = make.call(agent, `${url.pathname}${url.search}`)
      .agent(url.protocol === 'https:' ? httpsAgent : httpAgent)
      .timeout({ deadline: options.timeoutMs })
      .ok(() => true)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            (res as unknown as { destroy(): void }).destroy();
            done(new BodyTooLarge(`response body exceeds ${maxBytes} bytes`), undefined);
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (err: Error) => done(err, undefined));
      });
    for (const [name, value] of Object.entries(request.headers)) test = test.set(name, value);
    if (request.body !== undefined) test = test.send(request.body);
    const res = await test;
    const text = typeof res.body === 'string' ? res.body : '';
    const parsed = parseJson(text);
    return {
      ok: true,
      request,
      response: { status: res.status, headers: flattenHeaders(res.headers as Record<string, unknown>), text, ...parsed },
      durationMs: performance.now() - started,
    };
  } catch (error) {
    return { ok: false, request, ...classify(error, options.timeoutMs), durationMs: performance.now() - started };
  }
}

function parseJson(text: string): { json: unknown; jsonError?: string } {
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return { json: undefined, jsonError: text === '' ? 'empty body' : `not JSON: ${(error as Error).message}` };
  }
}

function classify(error: unknown, timeoutMs: number): { failure: TransportFailureKind; message: string } {
  const err = error as { code?: string; timeout?: number; message?: string; rawResponse?: unknown };
  if (error instanceof BodyTooLarge || (err.message ?? '').includes('exceeds')) return { failure: 'too-large', message: err.message ?? 'body too large' };
  if (err.timeout !== undefined || err.code === 'ECONNABORTED' || err.code === 'ETIME' || err.code === 'ETIMEDOUT') {
    return { failure: 'timeout', message: `no complete answer within ${timeoutMs} ms` };
  }
  const connection = /ECONNREFUSED|ECONNRESET|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|socket hang up/;
  if (connection.test(`${err.code ?? ''} ${err.message ?? ''}`)) {
    return { failure: 'connection', message: err.message ?? err.code ?? 'connection failed' };
  }
  return { failure: 'protocol', message: err.message ?? String(error) };
}

function flattenHeaders(headers: Record<string, unknown>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return flat;
}
