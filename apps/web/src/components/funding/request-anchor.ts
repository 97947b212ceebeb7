/**
 * The id of a funding request's row on its page (RequestList), so that another screen (the
 * dashboard's declined row) can lead straight to it: `…/add-funds/crypto#request-31`.
 */
export function requestAnchor(requestId: string): string {
  return `request-${requestId}`;
}

/** The request a page's address points at (`#request-31` -> "31"), or null. */
export function requestInHash(hash: string): string | null {
  return /^#request-([1-9]\d{0,18})$/.exec(hash)?.[1] ?? null;
}
