/**
 * A customer's HTTP client for the fault and scale harnesses: node:http with a keep-alive agent
 * bound to its own loopback source address (127.0.0.x), so that each simulated customer is its
 * own client address to the per-address rate limits, as real customers are. It keeps the session
 * cookie, sends the CSRF header on every state-changing request and never follows redirects.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Which app server answered, by the app's own X-Served-By (when it sends one). */
  servedBy: string | undefined;
  /** Which backend the proxy chose (HAProxy's X-Proxy-Server, set by the scale test). */
  proxyServer: string | undefined;
  json<T = unknown>(): T;
}

export interface RequestOptions {
  json?: unknown;
  headers?: Record<string, string>;
  /** multipart/form-data with one file field. */
  file?: { field: string; name: string; type: string; data: Buffer };
  timeoutMs?: number;
}

export class HttpClient {
  readonly agent: http.Agent;
  cookie: string | undefined;

  constructor(
    readonly base: string,
    readonly localAddress: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress });
  }

  /** The same customer (address and session) talking to another server or the proxy. */
  on(base: string): HttpClient {
    const other = new HttpClient(base, this.localAddress);
    other.cookie = this.cookie;
    return other;
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const url = new URL(path, this.base);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET' && method !== 'HEAD') headers['x-bank-csrf'] = '1';
    let payload: Buffer | undefined;
    if (options.file) {
      const boundary = `----bench${Math.random().toString(16).slice(2)}`;
      const { field, name, type, data } = options.file;
      payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    } else if (options.json !== undefined) {
      payload = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    }
    if (payload) headers['content-length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        { method, headers, agent: this.agent, timeout: options.timeoutMs ?? 20_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const setCookie = res.headers['set-cookie'];
            const session = setCookie
              ?.map((c) => c.split(';')[0] ?? '')
              .find((c) => /^(__Host-)?bank_session=/.test(c));
            if (session !== undefined) {
              this.cookie = session.endsWith('=') ? undefined : session;
            }
            const body = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body,
              servedBy: header(res.headers['x-served-by']),
              proxyServer: header(res.headers['x-proxy-server']),
              json: <T>() => JSON.parse(body.toString('utf8')) as T,
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in time`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Whether an answer (or a thrown network error) is worth trying again, and when. */
export function retryable(outcome: Answer | Error): { retry: boolean; afterMs: number } {
  if (outcome instanceof Error) return { retry: true, afterMs: 200 };
  if (outcome.status === 429) {
    const seconds = Number(outcome.headers['retry-after'] ?? 1);
    return { retry: true, afterMs: Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000 };
  }
  // The same key still running elsewhere (a server that replays keyed requests): its claim
  // ends when that request does, or when its lease lapses if that server died.
  if (outcome.status === 409 && /"code":"IDEMPOTENCY_IN_PROGRESS"/.test(outcome.body.toString())) {
    const seconds = Number(outcome.headers['retry-after'] ?? 1);
    return { retry: true, afterMs: Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000 };
  }
  // 500 while the database restarts, 502/503/504 from the proxy or a busy server.
  if ([500, 502, 503, 504].includes(outcome.status)) return { retry: true, afterMs: 250 };
  return { retry: false, afterMs: 0 };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The longest time any client waited for one call to succeed (first try to the answer that
 * counted), and what that call was: the "gap" a customer would have seen.
 */
export class GapMeter {
  /** The longest one call took, retries included. */
  longestMs = 0;
  /** The longest one transfer took from its first step to `done` (emailed code included). */
  longestTransferMs = 0;
  longestWhat = '';
  /** When (ms since the meter was made) the longest call started. */
  longestStartedAt = 0;

  /** `born`: the run's start, so that times read against its log of events. */
  constructor(readonly born = performance.now()) {}
  retries = 0;
  failures: string[] = [];

  record(what: string, ms: number) {
    if (ms > this.longestMs) {
      this.longestMs = ms;
      this.longestWhat = what;
      this.longestStartedAt = performance.now() - ms - this.born;
    }
  }
}

/**
 * Calls `send` until it gives an answer that is not retryable (network errors, 5xx and 429 are
 * retried with the same request, idempotency key included), for at most `deadlineMs`. Returns
 * that answer; throws when the deadline passed.
 */
export async function withRetry(
  meter: GapMeter,
  what: string,
  send: () => Promise<Answer>,
  deadlineMs = 180_000,
): Promise<Answer> {
  const started = performance.now();
  let last = '';
  for (;;) {
    let outcome: Answer | Error;
    try {
      outcome = await send();
    } catch (error) {
      outcome = error instanceof Error ? error : new Error(String(error));
    }
    const { retry, afterMs } = retryable(outcome);
    if (!retry) {
      meter.record(what, performance.now() - started);
      return outcome as Answer;
    }
    meter.retries += 1;
    last = outcome instanceof Error ? outcome.message : `HTTP ${outcome.status}`;
    if (performance.now() - started > deadlineMs) {
      throw new Error(`${what}: still failing after ${deadlineMs} ms (${last})`);
    }
    await sleep(afterMs);
  }
}
