import { messageSchema } from '@bank/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, NO_CONTENT, UNREADABLE_ANSWER_MESSAGE } from './api';
import { mockFetch, problem } from '../test-utils';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The ApiError a call rejected with (fails the test if it resolved). */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api', () => {
  it('returns the answer as its contract schema reads it', async () => {
    mockFetch(() => ({ status: 200, body: { message: 'Code Sent', extra: 'dropped' } }));
    expect(await api('POST', '/api/v1/x', { body: {}, schema: messageSchema })).toEqual({
      message: 'Code Sent',
    });
  });

  it('refuses an answer off the contract as a failed request, naming where, not the values', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 200, body: { message: 42, secret: 'do not log' } }));
    const error = await failureOf(api('GET', '/api/v1/x', { schema: messageSchema }));
    expect(error.code).toBe('UNREADABLE_ANSWER');
    expect(error.detail).toBe(UNREADABLE_ANSWER_MESSAGE);
    expect(JSON.stringify(logged.mock.calls)).toContain('/api/v1/x');
    expect(JSON.stringify(logged.mock.calls)).toContain('message');
    expect(JSON.stringify(logged.mock.calls)).not.toContain('do not log');
  });

  it('refuses a success that is not JSON at all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>proxy page</html>', { status: 200 })),
    );
    const error = await failureOf(api('GET', '/api/v1/x', { schema: messageSchema }));
    expect(error.code).toBe('UNREADABLE_ANSWER');
  });

  it('reads nothing from a 204, and refuses a body where none belongs', async () => {
    mockFetch(() => ({ status: 204 }));
    await expect(api('POST', '/api/v1/auth/signout', { schema: NO_CONTENT })).resolves.toBe(
      undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 200, body: { surprise: true } }));
    expect((await failureOf(api('POST', '/x', { schema: NO_CONTENT }))).code).toBe(
      'UNREADABLE_ANSWER',
    );
  });

  it('turns problem+json into ApiError with each field named as the form names it', async () => {
    mockFetch(() =>
      problem(400, 'VALIDATION_FAILED', 'Some fields are missing or not valid.', [
        { path: 'body.email', message: 'Bad email' },
        { path: 'body.email', message: 'A second message for the same field' },
        { path: 'body.idcardBack', message: 'This file is required' },
        { path: 'query.limit', message: 'Too big' },
      ]),
    );
    const error = await failureOf(api('POST', '/x', { body: {}, schema: messageSchema }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.detail).toBe('Some fields are missing or not valid.');
    expect(error.fieldErrors).toEqual({
      email: 'Bad email',
      idcardBack: 'This file is required',
      'query.limit': 'Too big',
    });
  });

  it('keeps the status of a failure whose body is not a problem', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Bad Gateway', { status: 502 })),
    );
    const error = await failureOf(api('GET', '/x', { schema: messageSchema }));
    expect(error.status).toBe(502);
    expect(error.detail).toBe('');
  });

  it('says the network failed when the call cannot be made', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failureOf(api('GET', '/x', { schema: messageSchema }));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
  });

  it('sends the CSRF header on changes only, and JSON only with a body', async () => {
    const fetchMock = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
    await api('GET', '/a', { schema: messageSchema });
    await api('POST', '/b', { schema: messageSchema });
    await api('POST', '/c', { body: { a: 1 }, schema: messageSchema });
    const headers = fetchMock.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers[0]?.['x-bank-csrf']).toBeUndefined();
    expect(headers[1]?.['x-bank-csrf']).toBe('1');
    expect(headers[1]?.['content-type']).toBeUndefined();
    expect(headers[2]?.['content-type']).toBe('application/json');
  });

  it("sends a call's own headers beside the app's, which it cannot replace", async () => {
    const fetchMock = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
    await api('POST', '/d', {
      body: {},
      schema: messageSchema,
      headers: { 'Idempotency-Key': 'key-1', accept: 'text/html' },
    });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('key-1');
    expect(headers.accept).toBe('application/json');
    expect(headers['x-bank-csrf']).toBe('1');
  });

  it("keeps a refusal's notice (title and body) for the notice dialog", async () => {
    const notice = { title: 'Daily limit reached', body: 'You can send $5,000.00 a day.' };
    mockFetch(() => ({
      status: 422,
      body: { ...problem(422, 'TRANSFER_REFUSED', 'Daily limit reached').body, notice },
    }));
    const error = await failureOf(api('POST', '/x', { body: {}, schema: messageSchema }));
    expect(error.code).toBe('TRANSFER_REFUSED');
    expect(error.notice).toEqual(notice);
    mockFetch(() => problem(422, 'UNPROCESSABLE', 'No'));
    expect((await failureOf(api('POST', '/x', { schema: messageSchema }))).notice).toBeNull();
  });

  describe('the Idempotency-Key of a change', () => {
    const keyOf = (fetchMock: ReturnType<typeof mockFetch>, call: number) =>
      (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>)['Idempotency-Key'];

    it('is the same for the same form sent again after no answer, and new once done', async () => {
      let answer: 'network' | 'ok' = 'network';
      const fetchMock = mockFetch(() => {
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return { status: 200, body: { message: 'Saved' } };
      });
      const send = (amount: string) =>
        api('POST', '/api/v1/intent', { body: { amount }, schema: messageSchema });
      expect((await failureOf(send('10'))).code).toBe('NETWORK_ERROR');
      answer = 'ok';
      await send('10');
      await send('10');
      await send('11');
      const [lost, retried, next, changed] = [0, 1, 2, 3].map((n) => keyOf(fetchMock, n));
      expect(lost).toMatch(/^[0-9a-f-]{36}$/);
      expect(retried).toBe(lost);
      expect(next).not.toBe(lost);
      expect(changed).not.toBe(next);
      // A read carries none.
      await api('GET', '/api/v1/intent', { schema: NO_CONTENT.or(messageSchema) });
      expect(keyOf(fetchMock, 4)).toBeUndefined();
    });

    it('asks again, with the same key, while the first try is still running', async () => {
      vi.useFakeTimers();
      let calls = 0;
      const fetchMock = mockFetch(() =>
        (calls += 1) === 1
          ? problem(409, 'IDEMPOTENCY_IN_PROGRESS', 'Still running')
          : { status: 201, body: { message: 'Done' } },
      );
      const answer = api('POST', '/api/v1/slow', { body: {}, schema: messageSchema });
      await vi.advanceTimersByTimeAsync(1000);
      expect(await answer).toEqual({ message: 'Done' });
      expect(keyOf(fetchMock, 1)).toBe(keyOf(fetchMock, 0));
      vi.useRealTimers();
    });
  });
});
