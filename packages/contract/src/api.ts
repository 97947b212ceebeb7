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
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({
      engine: z.enum(['pglite', 'postgres']),
      ok: z.boolean(),
      latencyMs: z.number(),
    }),
    version: z.string(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
