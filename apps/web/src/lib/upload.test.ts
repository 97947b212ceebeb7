import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import { uploadForm } from './upload';
import { FakeXhr } from '../test-xhr';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

interface Scripted {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A stand-in XMLHttpRequest answering each request with the next scripted answer. */
function scriptXhr(answers: Scripted[]) {
  const sent: { headers: Record<string, string> }[] = [];
  class Xhr extends FakeXhr {
    override send() {
      const answer = answers[sent.length] ?? { status: 500 };
      sent.push(this);
      this.progress(1, 1);
      queueMicrotask(() => this.answer(answer, answer.headers));
    }
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  return sent;
}

const busy: Scripted = {
  status: 503,
  headers: { 'retry-after': '2' },
  body: { status: 503, code: 'UNAVAILABLE', detail: 'Too many uploads are being checked.' },
};
const inProgress: Scripted = {
  status: 409,
  headers: { 'retry-after': '1' },
  body: { status: 409, code: 'IDEMPOTENCY_IN_PROGRESS', detail: 'Still working on it.' },
};
const ok: Scripted = { status: 201, body: { message: 'Received' } };
const schema = z.object({ message: z.string() });

function form() {
  const body = new FormData();
  body.append('note', `n${Math.random()}`);
  return body;
}

describe('uploadForm', () => {
  it('waits out a busy upload check as Retry-After says, then sends again with the same key', async () => {
    vi.useFakeTimers();
    const sent = scriptXhr([busy, busy, ok]);
    const progress: number[] = [];
    const done = uploadForm('/api/v1/x', form(), schema, (p) => progress.push(p));
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toEqual({ message: 'Received' });
    expect(sent).toHaveLength(3);
    const keys = new Set(sent.map((x) => x.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    // The bar starts again from 0 for each try.
    expect(progress).toEqual([100, 0, 100, 0, 100]);
  });

  it('tells the caller once the check stays busy, after a few tries', async () => {
    vi.useFakeTimers();
    const sent = scriptXhr([busy, busy, busy, ok]);
    const done = uploadForm('/api/v1/x', form(), schema);
    const refused = expect(done).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    await vi.advanceTimersByTimeAsync(10_000);
    await refused;
    expect(sent).toHaveLength(3);
  });

  it('waits while the first try with its key still runs (409), as api() does', async () => {
    vi.useFakeTimers();
    const sent = scriptXhr([inProgress, inProgress, ok]);
    const done = uploadForm('/api/v1/x', form(), schema);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toEqual({ message: 'Received' });
    expect(new Set(sent.map((x) => x.headers['idempotency-key'])).size).toBe(1);
  });

  it('does not send again after any other refusal', async () => {
    const sent = scriptXhr([
      { status: 422, body: { status: 422, code: 'UNPROCESSABLE', detail: 'The file is empty.' } },
      ok,
    ]);
    const error = await uploadForm('/api/v1/x', form(), schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('The file is empty.');
    expect(sent).toHaveLength(1);
  });
});
