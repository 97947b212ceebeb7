/**
 * The live notification stream (Server-Sent Events) as a browser's EventSource reads it: it
 * reconnects after the `retry:` the server gave (5 s) whenever the stream ends or fails, and it
 * counts what arrived, which servers served it and how long it was without a stream.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface UnreadEvent {
  unread: number;
  changed: string[];
}

export class LiveStream {
  events: UnreadEvent[] = [];
  servedBy = new Set<string>();
  reconnects = 0;
  longestGapMs = 0;
  private retryMs = 5_000;
  private closed = false;
  private request: http.ClientRequest | undefined;
  private droppedAt: number | undefined;
  private waiters: { test: (e: UnreadEvent) => boolean; resolve: (e: UnreadEvent) => void }[] = [];

  constructor(
    readonly url: string,
    readonly cookie: string,
    readonly agent: http.Agent,
  ) {}

  open() {
    if (this.closed) return;
    const req = http.get(
      this.url,
      { agent: this.agent, headers: { cookie: this.cookie, accept: 'text/event-stream' } },
      (res) => {
        const served = res.headers['x-proxy-server'] ?? res.headers['x-served-by'];
        if (typeof served === 'string') this.servedBy.add(served);
        if (res.statusCode !== 200) {
          res.resume();
          this.dropped();
          return;
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            this.message(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('end', () => this.dropped());
        res.on('error', () => this.dropped());
      },
    );
    req.on('error', () => this.dropped());
    this.request = req;
  }

  private message(block: string) {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('retry:')) this.retryMs = Number(line.slice(6).trim()) || this.retryMs;
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event !== 'unread' || !data) return;
    const parsed = JSON.parse(data) as UnreadEvent;
    if (this.droppedAt !== undefined) {
      this.longestGapMs = Math.max(this.longestGapMs, performance.now() - this.droppedAt);
      this.droppedAt = undefined;
    }
    this.events.push(parsed);
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(parsed)) return true;
      w.resolve(parsed);
      return false;
    });
  }

  private dropped() {
    if (this.closed) return;
    this.request?.destroy();
    this.request = undefined;
    this.droppedAt ??= performance.now();
    this.reconnects += 1;
    setTimeout(() => this.open(), this.retryMs);
  }

  /** The next event that passes `test` (or null after `timeoutMs`). */
  next(test: (e: UnreadEvent) => boolean, timeoutMs: number): Promise<UnreadEvent | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        resolve(null);
      }, timeoutMs);
      const done = (e: UnreadEvent) => {
        clearTimeout(timer);
        resolve(e);
      };
      this.waiters.push({ test, resolve: done });
    });
  }

  close() {
    this.closed = true;
    this.request?.destroy();
  }
}
