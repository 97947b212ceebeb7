import type { FastifyRequest } from 'fastify';

/**
 * The request's path as the router understands it: percent-escapes decoded, dot segments and
 * repeated slashes resolved. `/%61pi/v1/x` and `//api/./v1/x` are `/api/v1/x`, so nothing that
 * decides by path (CSRF, sessions, caching) can be walked around by spelling a path oddly.
 */
export function normalizedPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the router will not match it either; judge the raw form.
  }
  const collapsed = decoded.replace(/\/{2,}/g, '/');
  try {
    return new URL(collapsed, 'http://normalize.invalid').pathname;
  } catch {
    return collapsed;
  }
}

/** True for the API: the matched route when there is one, else the normalized path. */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route) return route.startsWith('/api/');
  return normalizedPath(request.url).startsWith('/api/');
}
