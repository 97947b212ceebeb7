import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { Problem } from '@bank/contract';
import { AppError } from '../platform/errors.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

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

/**
 * Every error leaves as application/problem+json: validation failures name the fields, an
 * AppError keeps its code and user-facing message, and anything unexpected is logged with the
 * request id and answered with a bare "Internal Server Error".
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendProblem(reply, request, {
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'Some fields are missing or not valid.',
        errors: error.validation.map((v) => ({
          path: [error.validationContext, v.instancePath.replace(/^\//, '').replaceAll('/', '.')]
            .filter(Boolean)
            .join('.'),
          message: v.message ?? 'Invalid value',
        })),
      });
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      const errors = error.details?.errors;
      return sendProblem(reply, request, {
        status: error.status,
        code: error.code,
        detail: error.message,
        ...(Array.isArray(errors) ? { errors: errors as { path: string; message: string }[] } : {}),
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
      code: error.code ?? 'BAD_REQUEST',
      detail: error.message,
    });
  });
}

/** Unknown API routes answer 404 problem+json (the web app handles its own paths). */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(reply, request, {
    status: 404,
    code: 'NOT_FOUND',
    detail: `No API route ${request.method} ${request.url.split('?')[0]}`,
  });
}
