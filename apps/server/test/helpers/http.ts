import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A browser-like client for app.inject: keeps the session cookie and sends the CSRF header. */
export class TestClient {
  cookie: string | undefined;
  constructor(
    readonly app: FastifyInstance,
    readonly userAgent = 'Mozilla/5.0 (TestBrowser)',
    /** The client's address as the server sees it (default: 127.0.0.1). */
    readonly remoteAddress?: string,
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      headers: {
        'user-agent': this.userAgent,
        ...(method !== 'GET' ? { 'x-bank-csrf': '1' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
    });
    // Development and test name the cookie bank_session; production __Host-bank_session.
    const set = response.cookies.find(
      (c) => c.name === 'bank_session' || c.name === '__Host-bank_session',
    );
    if (set) this.cookie = set.value ? `${set.name}=${set.value}` : undefined;
    return response;
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }

  delete(url: string) {
    return this.request('DELETE', url);
  }

  put(url: string, body: unknown) {
    return this.request('PUT', url, body);
  }

  /**
   * A GET. A Server-Sent Events stream never ends, so an inject would wait forever: for a path
   * ending in /stream the answer is taken as soon as its headers arrive, and an open stream is
   * closed at once (its status and headers are all there is to check; read a live stream over
   * a listening server). A refusal is asked again normally, to have its body.
   */
  async get(url: string) {
    if (!/\/stream(\?|$)/.test(new URL(url, 'http://x').pathname + '?')) {
      return this.request('GET', url);
    }
    const response = await this.app.inject({
      method: 'GET',
      url,
      headers: {
        'user-agent': this.userAgent,
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      payloadAsStream: true,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
    });
    response.stream().destroy();
    return response.statusCode === 200 ? response : this.request('GET', url);
  }
}

/**
 * What a caller can learn from an answer: its status and body, without the parts that differ
 * on every request (the request id and path). Two answers an attacker must not tell apart
 * compare equal under this.
 */
export function visibleAnswer(response: { statusCode: number; json(): Record<string, unknown> }) {
  const body = { ...response.json() };
  delete body.requestId;
  delete body.instance;
  return { status: response.statusCode, ...body };
}
