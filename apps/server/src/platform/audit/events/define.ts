import { z } from 'zod';

/** What the catalogue's entries are built from (one file per area, merged in ./index.ts). */

export const id = z.string().regex(/^\d+$/);
export const money = z.string().regex(/^-?\d+$/);
export const entry = z.record(z.string(), z.unknown());
const nothing = z.undefined();

export interface EventSpec {
  /** What the event acts on: the audit row's target_type. */
  target: string;
  /** The action in the audit log's words. */
  label: string;
  before: z.ZodType;
  after: z.ZodType;
}

export const event = <B extends z.ZodType = z.ZodUndefined, A extends z.ZodType = z.ZodUndefined>(
  target: string,
  label: string,
  shape: { before?: B; after?: A } = {},
) => ({
  target,
  label,
  before: (shape.before ?? nothing) as B,
  after: (shape.after ?? nothing) as A,
});

export const status = <S extends string>(s: S) => z.object({ status: z.literal(s) });
