import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { renderGate } from './documents.js';

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the PDF render gate', () => {
  it('runs a few at once, queues a few more, and turns the rest away as busy', async () => {
    const gate = renderGate(1, 1);
    const first = deferred();
    const started: string[] = [];
    const a = gate(() => (started.push('a'), first.promise));
    const b = gate(async () => (started.push('b'), 'b'));
    const turnedAway = gate(async () => 'c');
    await expect(turnedAway).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'UNAVAILABLE',
    );
    expect(started).toEqual(['a']);
    first.resolve('a');
    expect(await a).toBe('a');
    expect(await b).toBe('b');
    expect(started).toEqual(['a', 'b']);
    // Everything finished: the slot is free again.
    expect(await gate(async () => 'd')).toBe('d');
  });

  it('frees the slot when the work fails', async () => {
    const gate = renderGate(1, 0);
    const failing = deferred();
    const a = gate(() => failing.promise);
    failing.reject(new Error('broken'));
    await expect(a).rejects.toThrow('broken');
    expect(await gate(async () => 'next')).toBe('next');
  });
});
