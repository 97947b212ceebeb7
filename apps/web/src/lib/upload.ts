/** Multipart uploads with progress: fetch cannot report upload progress, XMLHttpRequest can. */
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE, readAnswer } from './api';

/**
 * POSTs `formData` to `url` with the session cookie and the CSRF header; `onProgress` gets the
 * percentage sent (0-100). Resolves with the answer as `schema` reads it; rejects with ApiError
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
    xhr.onload = () => {
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
