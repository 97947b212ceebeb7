/**
 * The app's one HTTP client: JSON in and out, the CSRF header, problem+json as ApiError, and
 * every answer checked against its contract schema, so a page only ever sees data of the shape
 * it was written for.
 */
import { problemSchema, type Problem } from '@bank/contract';
import { z } from 'zod';
import { IN_PROGRESS, IN_PROGRESS_TRIES, hasOwnKey, intentDone, intentKey } from './intent-keys';

export const NETWORK_ERROR_MESSAGE = 'An unexpected error occurred';
/** Said when the server's answer is not what the contract promises: a failure like any other. */
export const UNREADABLE_ANSWER_MESSAGE = 'Something went wrong. Please try again.';

/** The answer of a call that returns nothing (204), e.g. sign-out. */
export const NO_CONTENT = z.undefined();

// Any field may be missing (a proxy's bare 502, an old server); present ones must be right.
const looseProblemSchema = problemSchema.partial();

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  /**
   * Field name to the server's message. The server names fields `body.<field>` (JSON and
   * multipart alike) and `query.<field>`; the "body." is dropped so a form looks up its own names.
   */
  readonly fieldErrors: Record<string, string>;
  /** A refusal the customer reads in a notice dialog (title, body): the spec's trx_notif. */
  readonly notice: NonNullable<Problem['notice']> | null;

  constructor(
    status: number,
    code: string,
    detail: string,
    fieldErrors = {},
    notice: Problem['notice'] | null = null,
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
    this.notice = notice ?? null;
  }

  static fromProblem(status: number, body: unknown): ApiError {
    const parsed = looseProblemSchema.safeParse(body);
    const problem = parsed.success ? parsed.data : {};
    const fieldErrors: Record<string, string> = {};
    for (const error of problem.errors ?? []) {
      fieldErrors[error.path.replace(/^body\./, '')] ??= error.message;
    }
    return new ApiError(
      status,
      problem.code ?? 'UNKNOWN',
      problem.detail ?? '',
      fieldErrors,
      problem.notice,
    );
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Turns an HTTP answer into data of the schema's shape, or throws ApiError: the server's problem
 * for a failure, UNREADABLE_ANSWER for a success that does not match the contract.
 */
export function readAnswer<T>(status: number, text: string, path: string, schema: z.ZodType<T>): T {
  const data = parseJson(text);
  if (status < 200 || status >= 300) throw ApiError.fromProblem(status, data);
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Where and what, never the values: answers carry personal data.
  console.error(
    `The answer from ${path} does not match the contract:`,
    parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
  throw new ApiError(status, 'UNREADABLE_ANSWER', UNREADABLE_ANSWER_MESSAGE);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls the API at an absolute path ("/api/v1/..."), the session cookie riding along, and
 * returns the answer as `schema` reads it. `headers` adds to the app's own (e.g. an
 * Idempotency-Key). A change (any method but GET) carries an Idempotency-Key of its intent unless
 * it brings its own (lib/intent-keys): sent again unchanged after a lost answer, it is done once;
 * while its first try still runs, the server's 409 is asked again a second later, a few times.
 */
export async function api<T>(
  method: HttpMethod,
  path: string,
  {
    schema,
    body,
    headers: extra,
  }: { schema: z.ZodType<T>; body?: unknown; headers?: Record<string, string> },
): Promise<T> {
  const headers: Record<string, string> = { ...extra, accept: 'application/json' };
  if (method !== 'GET') headers['x-bank-csrf'] = '1';
  // An empty body with a JSON content type is refused by the server, so the type rides with a body.
  if (body !== undefined) headers['content-type'] = 'application/json';
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const intent = method !== 'GET' && !hasOwnKey(headers) ? (payload ?? '') : null;
  if (intent !== null) headers['Idempotency-Key'] = intentKey(method, path, intent);

  for (let tries = 1; ; tries++) {
    let response: Response;
    let text: string;
    try {
      response = await fetch(path, { method, headers, credentials: 'same-origin', body: payload });
      text = response.status === 204 ? '' : await response.text();
    } catch {
      throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
    }
    if (intent !== null && response.ok) intentDone(method, path, intent);
    try {
      return readAnswer(response.status, text, path, schema);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === IN_PROGRESS && tries < IN_PROGRESS_TRIES)) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** The words to show for a failed call: the server's detail, else a fallback. */
export function errorMessage(error: unknown, fallback = NETWORK_ERROR_MESSAGE): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
