import { accountSummarySchema, transactionPageSchema } from '@bank/contract';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSymmetric, responseSerializerCompiler } from './serializer.js';

const route = (schema: unknown) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

describe('response serialization', () => {
  it('knows which schemas read the same both ways', () => {
    expect(isSymmetric(transactionPageSchema)).toBe(true);
    expect(isSymmetric(accountSummarySchema)).toBe(true);
    expect(isSymmetric(z.object({ a: z.string().nullable().optional() }))).toBe(true);
    expect(isSymmetric(z.object({ a: z.string().transform((v) => v.length) }))).toBe(false);
    expect(isSymmetric(z.object({ a: z.string().default('x') }))).toBe(false);
    expect(isSymmetric(z.object({ when: z.date() }))).toBe(false);
    const codec = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    expect(isSymmetric(z.object({ at: codec }))).toBe(false);
  });

  it('checks a response against its schema and keeps only what the schema names', () => {
    const serialize = route(accountSummarySchema);
    const summary = {
      accountNumber: '1234567890',
      currency: 'USD',
      availableBalance: '100',
      totalCredit: '100',
      totalDebit: '0',
    };
    expect(JSON.parse(serialize({ ...summary, passwordHash: 'x', ownerId: 7 }))).toEqual(summary);
    let thrown: unknown;
    try {
      serialize({ ...summary, availableBalance: 12.5 });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it('still encodes a schema that is not symmetric', () => {
    const codec = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const serialize = route(z.object({ at: codec }));
    expect(serialize({ at: new Date('2026-01-02T03:04:05.000Z') })).toBe(
      '{"at":"2026-01-02T03:04:05.000Z"}',
    );
  });
});
