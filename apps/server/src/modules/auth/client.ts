import type { FastifyRequest } from 'fastify';
import { printable } from '../../platform/text.js';

/** Where a request came from, for sessions, alerts and the audit log. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    userAgent: printable(String(request.headers['user-agent'] ?? 'unknown')),
  };
}
