/** Multipart uploads with progress: fetch cannot report upload progress, XMLHttpRequest can. */
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE, readAnswer } from './api';
import {
  IN_PROGRESS,
  IN_PROGRESS_TRIES,
  formFingerprint,
  hasOwnKey,
  intentDone,
  intentKey,
} from './intent-keys';

/** The server's "the upload check is busy" (503 with Retry-After, decision 32). */
const BUSY = 'UNAVAILABLE';
/** How many times a busy answer is waited out before the customer is told. */
export const BUSY_TRIES = 3;
/** The longest wait between tries, whatever Retry-After says. */
const MAX_WAIT_SECONDS = 10;

interface Answer {
  status: number;
  text: string;
  retryAfter: string | null;
}

function send(
  url: string,
  formData: FormData,
  headers: Record<string, string>,
  onProgress?: (percent: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-bank-csrf', '1');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        retryAfter: xhr.status === 503 ? xhr.getResponseHeader('retry-after') : null,
      });
    const fail = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    xhr.onerror = fail;
    xhr.onabort = fail;
    xhr.ontimeout = fail;
    // The browser sets the multipart content type with its boundary.
    xhr.send(formData);
  });
}

/** Seconds to wait as Retry-After says (a number of seconds), at least 1, at most 10. */
function waitSeconds(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds < 1) return 1;
  return Math.min(Math.ceil(seconds), MAX_WAIT_SECONDS);
}

/**
 * POSTs `formData` to `url` with the session cookie, the CSRF header and the Idempotency-Key of
 * this submission (lib/intent-keys: the same form sent again after a lost answer is one request
 * to the server, and gets its first answer); `onProgress` gets the percentage sent (0-100).
 * Resolves with the answer as `schema` reads it; rejects with ApiError like `api` does (a
 * refusal, an answer off the contract, or no network).
 *
 * Like `api`, it waits out what the server says will pass, with the same key, so the person does
 * not have to choose their files and press again: a 409 while the first try with this key still
 * runs (a second a time, a few times), and a 503 when the upload check is busy (as long as
 * Retry-After says, a few times; the progress starts again from 0). Only then is the refusal
 * the caller's to show. A refusal keeps nothing on the server, so sending again is safe.
 */
export async function uploadForm<T>(
  url: string,
  formData: FormData,
  schema: z.ZodType<T>,
  onProgress?: (percent: number) => void,
  /** More request headers (an Idempotency-Key). */
  headers: Record<string, string> = {},
): Promise<T> {
  const intent = hasOwnKey(headers) ? null : formFingerprint(formData);
  const sent =
    intent === null ? headers : { ...headers, 'Idempotency-Key': intentKey('POST', url, intent) };
  let inProgressTries = 0;
  let busyTries = 0;
  for (;;) {
    const answer = await send(url, formData, sent, onProgress);
    if (intent !== null && answer.status >= 200 && answer.status < 300) {
      intentDone('POST', url, intent);
    }
    try {
      return readAnswer(answer.status, answer.text, url, schema);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      let seconds: number;
      if (error.code === IN_PROGRESS && ++inProgressTries < IN_PROGRESS_TRIES) seconds = 1;
      else if (error.status === 503 && error.code === BUSY && ++busyTries < BUSY_TRIES) {
        seconds = waitSeconds(answer.retryAfter);
      } else throw error;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      onProgress?.(0);
    }
  }
}
