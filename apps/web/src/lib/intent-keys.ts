/**
 * One Idempotency-Key per intent (decision 0031): the first time a form is sent, a new key; the
 * same form sent again (a retry after a lost answer, a second click while the first is on its
 * way) the same key, so the server does it once and answers the retry with the first answer;
 * once the server has said yes, or the form changed, a new key. Kept in memory for the page's
 * life: a reload starts afresh.
 */
const pending = new Map<string, string>();

/** The key of this request: the one an unanswered identical request used, or a new one. */
export function intentKey(method: string, path: string, fingerprint: string): string {
  const id = `${method} ${path} ${fingerprint}`;
  let key = pending.get(id);
  if (!key) {
    key = crypto.randomUUID();
    pending.set(id, key);
  }
  return key;
}

/** The server did it: the next identical request is a new intent. */
export function intentDone(method: string, path: string, fingerprint: string): void {
  pending.delete(`${method} ${path} ${fingerprint}`);
}

/** What a multipart form says, for telling one submission from another (files by name, size, date). */
export function formFingerprint(form: FormData): string {
  const parts: string[] = [];
  form.forEach((value, name) => {
    parts.push(
      typeof value === 'string'
        ? `${name}=${value}`
        : `${name}=file:${value.name}:${value.size}:${value.type}:${value.lastModified}`,
    );
  });
  return JSON.stringify(parts);
}

/** Whether a call names its own key already (a transfer's, an adjustment's). */
export function hasOwnKey(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
}

/** A 409 that says the first request with this key is still running: worth asking again. */
export const IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';
/** How many times, a second apart, a call asks again while its first try runs. */
export const IN_PROGRESS_TRIES = 5;
