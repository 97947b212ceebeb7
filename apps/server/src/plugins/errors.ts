import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { Problem } from '@bank/contract';
import { AppError } from '../platform/errors.js';
import { normalizedPath } from './request-path.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Seconds a client should wait before retrying after a 503 (the database was unreachable). */
const RETRY_AFTER_SECONDS = 5;

function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  problem: Omit<Problem, 'type' | 'title' | 'instance' | 'requestId'> & { title?: string },
) {
  const body: Problem = {
    type: 'about:blank',
    title: problem.title ?? TITLES[problem.status] ?? 'Error',
    ...problem,
    instance: request.url.split('?')[0],
    requestId: String(request.id),
  };
  return reply.status(problem.status).type('application/problem+json').send(body);
}

/** PostgreSQL error classes that mean "the database cannot be reached or is going away". */
const UNAVAILABLE_SQLSTATE = /^(08|57P0|53)/;
const UNAVAILABLE_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/**
 * A database error as the person should hear it, or null for one that is a bug (logged, 500).
 * A race lost to a unique constraint is a conflict, not a failure; a value the database refuses
 * is bad input; an outage is "try again shortly".
 */
export function classifyDatabaseError(error: unknown): AppError | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === '23505') {
      return new AppError('CONFLICT', 'This was already done. Reload to see the current state.');
    }
    if (/^(22|23514)/.test(code)) {
      return new AppError('BAD_REQUEST', 'A value was not acceptable.');
    }
    // A FATAL error ends the connection (the database refusing connections, gone, or its
    // credentials changed): an outage of the database, not a bug of the request.
    const fatal = (error as { severity?: unknown }).severity === 'FATAL';
    if (
      fatal ||
      code === '40001' ||
      code === '40P01' ||
      code === '3D000' ||
      UNAVAILABLE_SQLSTATE.test(code)
    ) {
      return new AppError('UNAVAILABLE', 'The service is busy. Please try again in a moment.');
    }
    if (UNAVAILABLE_NODE.has(code)) {
      return new AppError('UNAVAILABLE', 'The service is busy. Please try again in a moment.');
    }
  }
  if (
    /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Client has encountered a connection error|Cannot use a pool after calling end|driver has already been destroyed/i.test(
      error.message,
    )
  ) {
    return new AppError('UNAVAILABLE', 'The service is busy. Please try again in a moment.');
  }
  return null;
}

/** Multipart parsing failures (busboy and @fastify/multipart): the upload, not the server. */
function isMultipartError(error: FastifyError): boolean {
  return (
    (typeof error.code === 'string' &&
      error.code.startsWith('FST_') &&
      /PART|FILE|MULTIPART/.test(error.code)) ||
    /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found|Unexpected end of multipart data|Part terminated early)/i.test(
      error.message,
    )
  );
}

/**
 * Every error leaves as application/problem+json: validation failures name the fields, an
 * AppError keeps its code and user-facing message, database conflicts and outages get clear 4xx
 * and 503 answers, and anything unexpected is logged with the request id and answered with a
 * bare "Internal Server Error".
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((rawError: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(rawError)) {
      return sendProblem(reply, request, {
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'Some fields are missing or not valid.',
        errors: rawError.validation.map((v) => ({
          path: [
            rawError.validationContext === 'querystring' ? 'query' : rawError.validationContext,
            v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          ]
            .filter(Boolean)
            .join('.'),
          message: v.message ?? 'Invalid value',
        })),
      });
    }
    let error: FastifyError | AppError = rawError;
    if (!(error instanceof AppError)) {
      const classified = classifyDatabaseError(rawError);
      if (classified) {
        if (classified.status >= 500) request.log.warn({ err: rawError }, 'database unavailable');
        error = classified;
      } else if (isMultipartError(rawError) && (rawError.statusCode ?? 500) >= 500) {
        error = new AppError(
          'MALFORMED_UPLOAD',
          'The upload was incomplete or malformed. Please try again.',
        );
      }
    }
    if (error instanceof AppError) {
      if (error.code === 'UNAVAILABLE') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      if (error.status >= 500 && error.code !== 'UNAVAILABLE') {
        request.log.error({ err: error }, 'request failed');
      }
      const errors = error.details?.errors;
      const notice = error.details?.notice as Problem['notice'];
      return sendProblem(reply, request, {
        status: error.status,
        code: error.code,
        detail: error.message,
        ...(Array.isArray(errors) ? { errors: errors as { path: string; message: string }[] } : {}),
        ...(notice ? { notice } : {}),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendProblem(reply, request, { status: 500, code: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, request, { status: 500, code: 'INTERNAL' });
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type): its message is safe.
    return sendProblem(reply, request, {
      status,
      code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
      detail: error.message,
    });
  });
}

/** Unknown API routes answer 404 problem+json (the web app handles its own paths). */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(reply, request, {
    status: 404,
    code: 'NOT_FOUND',
    detail: `No API route ${request.method} ${normalizedPath(request.url)}`,
  });
}
