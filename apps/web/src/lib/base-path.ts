/**
 * The app's base path, from the <base href> the server writes into the page ("/wp-user"), so
 * one build serves any BASE_PATH.
 */
export function basePath(): string {
  return new URL(document.baseURI).pathname.replace(/\/+$/, '');
}
