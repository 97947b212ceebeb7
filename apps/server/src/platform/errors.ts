/**
 * One error type for everything the API refuses on purpose. The code is stable and
 * machine-readable; the message is written for the person using the app; internal details stay
 * in the log.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  /** A multipart upload that ended early or was not well formed. */
  MALFORMED_UPLOAD: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A retry with an Idempotency-Key whose first request is still running (decision 31). */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** An Idempotency-Key sent again with a different request (decision 31). */
  IDEMPOTENCY_KEY_REUSED: 422,
  UNPROCESSABLE: 422,
  /** A transfer the bank will not make (limit, restriction, balance): details.notice says why. */
  TRANSFER_REFUSED: 422,
  /** An operation the account's freeze blocks (decision 21): details.notice says so. */
  ACCOUNT_ON_HOLD: 422,
  RATE_LIMITED: 429,
  /** Codes of one purpose paused for a person after too many wrong tries in a day. */
  CODES_PAUSED: 429,
  /** PIN use rests after too many wrong PINs in a row. */
  PIN_LOCKED: 423,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  LEDGER_INVALID_ENTRY: 422,
  LEDGER_INVALID_AMOUNT: 422,
  LEDGER_AMOUNT_OUT_OF_RANGE: 422,
  LEDGER_UNBALANCED: 422,
  LEDGER_MIXED_CURRENCY: 422,
  LEDGER_CURRENCY_MISMATCH: 422,
  LEDGER_UNKNOWN_ACCOUNT: 404,
  LEDGER_INSUFFICIENT_FUNDS: 422,
  LEDGER_IDEMPOTENCY_CONFLICT: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.status = errorStatus[code];
    this.details = details;
  }
}

/** A refusal that belongs to one input field: shown next to it by the forms. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}
