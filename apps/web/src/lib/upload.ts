/** Multipart uploads with progress: fetch cannot report upload progress, XMLHttpRequest can. */
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE, readAnswer } from './api';
import { formFingerprint, hasOwnKey, intentDone, intentKey } from './intent-keys';

/**
 * POSTs `formData` to `url` with the session cookie, the CSRF header and the Idempotency-Key of
 * this submission (lib/intent-keys: the same form sent again after a lost answer is one request
 * to the server, and gets its first answer); `onProgress` gets the percentage sent (0-100). Resolves with the answer as `schema` reads it; rejects with ApiError
 * like `api` does (a refusal, an answer off the contract, or no network).
 */
export function uploadForm<T>(
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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-bank-csrf', '1');
    for (const [name, value] of Object.entries(sent)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      if (intent !== null && xhr.status >= 200 && xhr.status < 300) intentDone('POST', url, intent);
      try {
        resolve(readAnswer(xhr.status, xhr.responseText, url, schema));
      } catch (error) {
        reject(error);
      }
    };
    const fail = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    xhr.onerror = fail;
    xhr.onabort = fail;
    xhr.ontimeout = fail;
    // The browser sets the multipart content type with its boundary.
    xhr.send(formData);
  });
}
