import type { z } from 'zod';

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: bigint;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  /** Aborted when this worker loses the job's lease or is stopping: give up promptly. */
  signal: AbortSignal;
}

/**
 * One kind of background work. The payload is checked against `payload` before the handler
 * runs; a payload that does not fit fails the job at once (retrying could not fix it).
 */
export interface JobHandler<Payload = unknown> {
  kind: string;
  payload: z.ZodType<Payload>;
  run(payload: Payload, context: JobContext): Promise<void>;
  /**
   * Runs before giving up for good (default 8, with 5 s doubling backoff up to an hour). A job
   * queued with its own maxAttempts gets the lower of the two.
   */
  maxAttempts?: number;
  /**
   * What the row keeps once the job is done: by default the payload stays. An email keeps its
   * recipient and subject only, so a code in its body does not outlive its delivery.
   */
  redactWhenDone?(payload: Payload): Record<string, unknown>;
}

/** A failure that retrying cannot fix (bad data, a refused recipient): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Declares a handler with its payload type inferred from the schema. */
export function defineJob<Schema extends z.ZodType>(
  handler: JobHandler<z.output<Schema>> & { payload: Schema },
): JobHandler<unknown> {
  return handler as unknown as JobHandler<unknown>;
}
