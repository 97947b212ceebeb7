import { z } from 'zod';

/** RFC 9457 problem details: the one shape of every API error. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** A refusal to show as a notice dialog (title, body): the spec's trx_notif. */
    notice: z.object({ title: z.string(), body: z.string() }).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

/**
 * Service health. In production only signed-in staff see the engine, its latency and the
 * version; a load balancer (or anyone) gets the status alone.
 */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z
      .object({
        engine: z.enum(['pglite', 'postgres']),
        ok: z.boolean(),
        latencyMs: z.number(),
      })
      .optional(),
    version: z.string().optional(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
