import type { FakeResponse } from './test-utils';

/**
 * A stand-in XMLHttpRequest with what lib/upload.ts uses: it records the method, address and
 * headers, and answers only when told (`answer`). A test subclasses it to say what `send` does,
 * and puts the subclass in place with `vi.stubGlobal('XMLHttpRequest', …)`.
 */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(_body: unknown) {}
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  /** Answers as the server would: the status, the body as JSON (none when undefined), headers. */
  answer(response: FakeResponse, headers: Record<string, string> = {}) {
    this.status = response.status;
    this.responseText = response.body === undefined ? '' : JSON.stringify(response.body);
    this.responseHeaders = headers;
    this.onload?.();
  }
}
