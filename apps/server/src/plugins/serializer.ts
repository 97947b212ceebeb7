import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { safeParse, type ZodType } from 'zod';
import type { $ZodType } from 'zod/v4/core';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Whether a schema reads the same forwards (parse) and backwards (encode): no transforms, pipes,
 * codecs, defaults or catches anywhere in it, only plain values, objects, arrays, unions and the
 * like. Anything this does not know is taken as not.
 */
export function isSymmetric(schema: $ZodType): boolean {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const all = (schemas: unknown) => (schemas as $ZodType[]).every((s) => isSymmetric(s));
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'literal':
    case 'enum':
      return true;
    case 'object':
      return (
        all(Object.values(def.shape as Record<string, $ZodType>)) &&
        (def.catchall === undefined || isSymmetric(def.catchall as $ZodType))
      );
    case 'array':
      return isSymmetric(def.element as $ZodType);
    case 'optional':
    case 'nullable':
    case 'readonly':
      return isSymmetric(def.innerType as $ZodType);
    case 'union':
      return all(def.options);
    case 'record':
      return isSymmetric(def.keyType as $ZodType) && isSymmetric(def.valueType as $ZodType);
    default:
      return false;
  }
}

/**
 * Every response is checked against its route's zod schema and stripped to it, as
 * fastify-type-provider-zod does, which encodes (zod's backward direction). For a symmetric
 * schema (nearly all of them) a forward parse gives the same result several times faster: zod
 * compiles it, where encoding re-checks every field with a copy of the context. Anything else
 * keeps the library's encode.
 */
export const responseSerializerCompiler = (route: SerializerCompiler) => {
  const candidate = route.schema as unknown;
  const schema = (
    candidate && typeof candidate === 'object' && 'properties' in candidate
      ? (candidate as { properties: unknown }).properties
      : candidate
  ) as ZodType;
  if (!schema?._zod || !isSymmetric(schema)) return zodSerializerCompiler(route);
  return (data: unknown) => {
    const result = safeParse(schema, data);
    if (!result.success) {
      throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
    }
    return JSON.stringify(result.data);
  };
};
