/** Multipart uploads with progress: fetch cannot report upload progress, XMLHttpRequest can. */
import { ApiError, NETWORK_ERROR_MESSAGE } from './api';

export interface UploadResult {
  status: number;
  /** The parsed JSON answer, or undefined when there was none. */
  body: unknown;
}

/**
 * POSTs `formData` to `url` with the session cookie and the CSRF header; `onProgress` gets the
 * percentage sent (0-100). Resolves with any HTTP answer; rejects only when the network fails.
 */
export function uploadForm(
  url: string,
  formData: FormData,
  onProgress?: (percent: number) => void,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-bank-csrf', '1');
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      let body: unknown = undefined;
      if (xhr.responseText) {
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
      }
      resolve({ status: xhr.status, body });
    };
    const fail = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    xhr.onerror = fail;
    xhr.onabort = fail;
    xhr.ontimeout = fail;
    // The browser sets the multipart content type with its boundary.
    xhr.send(formData);
  });
}
