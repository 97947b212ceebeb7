/** The app's one HTTP client: JSON in and out, the CSRF header, and problem+json as ApiError. */

export const NETWORK_ERROR_MESSAGE = 'An unexpected error occurred';

interface ProblemBody {
  status?: number;
  code?: string;
  detail?: string;
  errors?: { path: string; message: string }[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  /** Field name (the request path without its "body." prefix) to the server's message. */
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, code: string, detail: string, fieldErrors = {}) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
  }

  static fromProblem(status: number, body: unknown): ApiError {
    const problem: ProblemBody = typeof body === 'object' && body !== null ? body : {};
    const fieldErrors: Record<string, string> = {};
    for (const error of problem.errors ?? []) {
      const field = error.path.replace(/^body\./, '');
      fieldErrors[field] ??= error.message;
    }
    return new ApiError(status, problem.code ?? 'UNKNOWN', problem.detail ?? '', fieldErrors);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API at an absolute path ("/api/v1/..."); the session cookie rides along. */
export async function api<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-bank-csrf'] = '1';
  // An empty body with a JSON content type is refused by the server, so the type rides with a body.
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  const text = response.status === 204 ? '' : await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) throw ApiError.fromProblem(response.status, data);
  return data as T;
}

/** The words to show for a failed call: the server's detail, else a fallback. */
export function errorMessage(error: unknown, fallback = NETWORK_ERROR_MESSAGE): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
