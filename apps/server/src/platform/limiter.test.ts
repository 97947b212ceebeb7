import { describe, expect, it } from 'vitest';
import type { AppError } from './errors.js';
import { createFairLimiter } from './limiter.js';

/** Work that ends when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { work: () => (log.push(name), done), open };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a fair limiter', () => {
  const options = { atOnce: 2, perOwner: 1, waitingPerOwner: 3, waiting: 16, busy: 'busy' };

  it("gives a freed turn to the people waiting in rotation, not to one person's queue", async () => {
    const limiter = createFairLimiter(options);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const run = (owner: string, name: string) => {
      const g = gate(started, name);
      gates.set(name, g);
      return limiter.run(owner, g.work).catch((error: unknown) => (error as AppError).code);
    };
    // A floods first: one check starts, three wait, the rest are refused at once.
    const flood = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((name) => run('A', name));
    // B and C arrive after: B takes the second turn at once; C waits.
    const b = run('B', 'b1');
    const c = run('C', 'c1');
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    expect(await flood[4]).toBe('UNAVAILABLE');
    expect(await flood[5]).toBe('UNAVAILABLE');

    // a1 ends: the turn goes round (A was served, C waits): C, not a2.
    gates.get('a1')?.open();
    await settle();
    expect(started).toEqual(['a1', 'b1', 'c1']);
    gates.get('b1')?.open();
    await settle();
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2']);
    for (const name of ['c1', 'a2', 'a3', 'a4']) {
      gates.get(name)?.open();
      await settle();
    }
    await Promise.all([b, c, ...flood]);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4']);
    expect(limiter.owners).toBe(0);
  });

  it('answers busy once the whole line is full, whoever asks', async () => {
    const limiter = createFairLimiter({ ...options, waiting: 2 });
    const started: string[] = [];
    const gates = ['p', 'q', 'r', 's'].map((owner) => gate(started, owner));
    const runs = gates.map((g, i) =>
      limiter.run(['p', 'q', 'r', 's'][i] as string, g.work).then(
        () => 'done',
        (error: unknown) => (error as AppError).code,
      ),
    );
    const late = limiter.run('t', async () => 'done').catch((e: unknown) => (e as AppError).code);
    expect(await late).toBe('UNAVAILABLE');
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done', 'done']);
    expect(limiter.owners).toBe(0);
  });

  it('lets a newcomer into a full line in place of the last file of whoever has the most waiting', async () => {
    const limiter = createFairLimiter(options);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const run = (owner: string, name: string) => {
      const g = gate(started, name);
      gates.set(name, g);
      return limiter.run(owner, g.work).then(
        () => 'done',
        (error: unknown) => (error as AppError).code,
      );
    };
    // Six accounts of one person hold both turns and fill the whole line of 16 (3 × 5 + 1).
    const hogs = [
      ...['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4'].map((n) => run(n[0] as string, n)),
      ...['c', 'd', 'e'].flatMap((owner) => [1, 2, 3].map((n) => run(owner, `${owner}${n}`))),
      run('f', 'f1'),
    ];
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    // Someone else arrives: they wait for a turn, and the last file of a longest line (a4)
    // gives way, told busy.
    const victim = run('v', 'v1');
    expect(await Promise.race([victim, settle().then(() => 'waiting')])).toBe('waiting');
    expect(await hogs[3]).toBe('UNAVAILABLE');
    for (let round = 0; round < 40 && !started.includes('v1'); round++) {
      for (const name of started) gates.get(name)?.open();
      await settle();
    }
    expect(started.indexOf('v1')).toBeLessThanOrEqual(8);
    for (const g of gates.values()) g.open();
    for (let round = 0; round < 40; round++) {
      for (const g of gates.values()) g.open();
      await settle();
    }
    expect(await victim).toBe('done');
    expect((await Promise.all(hogs)).filter((r) => r === 'UNAVAILABLE')).toEqual(['UNAVAILABLE']);
    expect(limiter.owners).toBe(0);
  });

  it('passes the turn on when the work fails', async () => {
    const limiter = createFairLimiter({ ...options, atOnce: 1 });
    const failing = limiter.run('A', () => Promise.reject(new Error('broken file')));
    const next = limiter.run('B', async () => 'checked');
    await expect(failing).rejects.toThrow('broken file');
    expect(await next).toBe('checked');
    expect(limiter.owners).toBe(0);
  });
});
