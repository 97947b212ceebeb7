import { ApiError, NETWORK_ERROR_MESSAGE } from './api';

/**
 * Saves `blob` as a file through an object URL. The URL is revoked a while later rather than
 * at once: the browser reads it after the click returns, and revoking first can cancel the
 * download.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The file name a Content-Disposition header gives, if it gives a plain one. */
export function dispositionFileName(header: string | null): string | null {
  const match = /filename="([^"/\\]+)"/.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Fetches a file the API generates (the session cookie riding along) and saves it under the
 * name the server gives, else `fallbackName`. A refusal is thrown as the server's ApiError, so
 * the page can say why (too many lines, too many downloads) instead of saving an error as a file.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
    blob = await response.blob();
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    let problem: unknown;
    try {
      problem = JSON.parse(await blob.text());
    } catch {
      problem = undefined;
    }
    throw ApiError.fromProblem(response.status, problem);
  }
  saveBlob(blob, dispositionFileName(response.headers.get('content-disposition')) ?? fallbackName);
}
