import { setNonce } from 'get-nonce';

/**
 * The nonce the server gave this page for <style> elements (Vite writes the meta tag, the server
 * fills it per response), or undefined when served without one (the dev server, tests).
 */
export function pageStyleNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute from getAttribute once the page has loaded; the property
  // keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/**
 * Lets Radix's scroll lock (react-style-singleton reads get-nonce) insert its <style> under the
 * page's strict style-src. Call before the first render.
 */
export function shareStyleNonce(): void {
  const nonce = pageStyleNonce();
  if (nonce) setNonce(nonce);
}
