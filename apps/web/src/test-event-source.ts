import { vi } from 'vitest';

/**
 * Stands in for the browser's EventSource (jsdom has none): each one made is kept in `made`, and
 * a test plays the server's side: opens it, sends events, drops it, as a real stream would.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }

  /** The connection is made (again, after a drop). */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** The server sends `event` with `data` (as JSON). */
  send(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }

  /** The connection drops and the browser will reconnect by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

/** Puts the stand-in in place of EventSource until vi.unstubAllGlobals(); answers the class. */
export function stubEventSource(): typeof FakeEventSource {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The latest EventSource the app made. */
export function latestStream(): FakeEventSource {
  const stream = FakeEventSource.made.at(-1);
  if (!stream) throw new Error('the app opened no stream');
  return stream;
}
