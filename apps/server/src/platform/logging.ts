import os from 'node:os';
import type { FastifyServerOptions } from 'fastify';
import { defaultServerId } from './server-id.js';

/**
 * What may reach a log. No code, link token, password, session token or email address: the
 * request logger writes URLs, and a URL can carry all of those (the emailed reset link is
 * `.../auth/reset/<email>/<code>`), so URLs are redacted before they are logged; errors are
 * reduced to fields that never hold a query's bound values.
 */

/**
 * App paths whose remaining segments are secrets: everything after the prefix goes (the reset
 * link, the verification page, the staff invitation link).
 */
const SECRET_PATH = /^(.*?\/auth\/(?:reset|verify|staff\/invitation))\/.+$/;

/**
 * A path segment that could be a secret: an address, a run of four or more digits (a code), or
 * a long token. Such a segment is never logged from a path the router did not name.
 */
function redactSegment(segment: string): string {
  // Decoded until it stops changing: `%2540` is an @ too, to a reader of the log.
  let decoded = segment;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return '[redacted]';
    }
    if (next === decoded) break;
    decoded = next;
  }
  return decoded.includes('@') || /\d{4,}/.test(decoded) || decoded.length > 32
    ? '[redacted]'
    : segment;
}

/** A URL fit for a log line: secret paths cut, code- and address-like segments and query values removed. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const secret = SECRET_PATH.exec(path);
  const safePath = secret
    ? `${secret[1]}/[redacted]`
    : path.split('/').map(redactSegment).join('/');
  if (query === undefined) return safePath;
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${redactSegment(pair.split('=')[0] ?? '')}=[redacted]`);
  return `${safePath}?${names.join('&')}`;
}

/** Error fields safe to log: never `detail`, `parameters`, `query` or `where` (bound values). */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'constraint',
  'table',
  'column',
  'routine',
  'severity',
] as const;

/**
 * An error as it may be logged. A database error (it carries a `severity`) keeps its SQLSTATE,
 * routine and the names of what it concerns, never its bound parameters, detail or query text;
 * a data exception's message (class 22: "invalid input syntax for type integer: "…"") quotes
 * the value, so its quoted parts go too, as does its stack (its first line is that message).
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as unknown as Record<string, unknown>;
  const fromDatabase = typeof fields.severity === 'string';
  const dataException =
    fromDatabase && typeof fields.code === 'string' && fields.code.startsWith('22');
  const out: Record<string, unknown> = {
    type: error.name,
    message: dataException ? error.message.replace(/"[^"]*"/g, '"[redacted]"') : error.message,
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (value !== undefined) out[field] = value;
  }
  if (error.stack && !fromDatabase) out.stack = error.stack;
  if (error.cause !== undefined) out.cause = serializeError(error.cause);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  params?: unknown;
  routeOptions?: { url?: string | undefined };
}

/**
 * Parameters that are keys in themselves (a receipt's verification reference, a link's token):
 * never logged, whatever they look like ("abcdefghjkmnpqrstvwx" is a reference typed in lower case).
 */
const SECRET_PARAMS = new Set(['reference', 'token', 'code']);

/**
 * How a request's URL is logged. A request the router matched is logged as its route with the
 * parameters filled in only where they are ids or names (`/submissions/12/documents/photo`);
 * anything else in a parameter, and any parameter named in SECRET_PARAMS, is redacted. A path no named route matched (the web app's pages,
 * unknown paths) goes through `redactUrl`. Query values are never logged.
 */
export function loggableUrl(request: LoggedRequest): string {
  const template = request.routeOptions?.url;
  if (!template || template.includes('*')) return redactUrl(request.url);
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'bigint') return '[redacted]';
    const text = String(value);
    const safe =
      name === 'id'
        ? /^\d{1,19}$/.test(text)
        : !SECRET_PARAMS.has(name) && /^[a-z_]{1,30}$/.test(text);
    return safe ? text : '[redacted]';
  });
  const query = request.url.split('?')[1];
  return query === undefined ? path : redactUrl(`${path}?${query}`);
}

/** pino options for the app: levels, serializers and header redaction. */
export function loggerOptions(
  level: string,
  serverId: string = defaultServerId(),
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    // Every line names the server that wrote it (decision 0031), beside pino's own pid and host.
    base: { pid: process.pid, hostname: os.hostname(), serverId },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggableUrl(request),
        remoteAddress: request.ip,
      }),
      // pino's types want its own error shape; ours is a subset that is safe to log.
      err: serializeError as never,
      error: serializeError as never,
    },
  };
}
