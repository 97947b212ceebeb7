import { problemSchema } from '@bank/contract';
import { z } from 'zod';

/** A row id in the path (`/:id`): plain digits within PostgreSQL's bigint, as a bigint. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,18}$/, 'Not an id')
    .transform((digits) => BigInt(digits))
    .refine((id) => id <= 9_223_372_036_854_775_807n, 'Not an id'),
});

/** The problem+json answers a route documents, keyed by status code, for its response schema. */
export function problemResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): { [Code in Codes[number]]: typeof problemSchema } {
  return Object.fromEntries(codes.map((code) => [code, problemSchema])) as {
    [Code in Codes[number]]: typeof problemSchema;
  };
}
