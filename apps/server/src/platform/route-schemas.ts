import { problemSchema } from '@bank/contract';
import { z } from 'zod';

/** A numeric row id in the path (`/:id`), as a bigint. */
export const idParams = z.object({ id: z.coerce.bigint().positive() });

/** The problem+json answers a route documents, keyed by status code, for its response schema. */
export function problemResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): { [Code in Codes[number]]: typeof problemSchema } {
  return Object.fromEntries(codes.map((code) => [code, problemSchema])) as {
    [Code in Codes[number]]: typeof problemSchema;
  };
}
