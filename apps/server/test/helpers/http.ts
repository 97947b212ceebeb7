import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A browser-like client for app.inject: keeps the session cookie and sends the CSRF header. */
export class TestClient {
  cookie: string | undefined;
  constructor(
    readonly app: FastifyInstance,
    readonly userAgent = 'Mozilla/5.0 (TestBrowser)',
  ) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      headers: {
        'user-agent': this.userAgent,
        ...(method === 'POST' ? { 'x-bank-csrf': '1' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const set = response.cookies.find((c) => c.name === 'bank_session');
    if (set) this.cookie = set.value ? `bank_session=${set.value}` : undefined;
    return response;
  }

  post(url: string, body?: unknown) {
    return this.request('POST', url, body ?? {});
  }

  get(url: string) {
    return this.request('GET', url);
  }
}
