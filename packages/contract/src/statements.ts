import { z } from 'zod';
import { transactionSchema } from './accounts.js';
import { decimalAmountSchema, minorUnitsSchema, unsignedMinorUnitsSchema } from './money.js';
import { textSchema } from './text.js';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date (YYYY-MM-DD)')
  // A real calendar day: 2026-02-31 would otherwise roll over into March.
  .refine((v) => {
    const parsed = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === v;
  }, 'Use a real date');

const amount = decimalAmountSchema;

/**
 * Statements & Report filters (query string): a period of whole days (`to` included), money in
 * or out, an amount range and words of the description. Every one optional.
 */
export const statementFilterSchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    type: z.enum(['credit', 'debit']).optional(),
    min: amount.optional(),
    max: amount.optional(),
    q: textSchema().trim().max(100).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'The end date is before the start date',
    path: ['to'],
  })
  .refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, {
    message: 'The largest amount is below the smallest',
    path: ['max'],
  });
export type StatementFilter = z.output<typeof statementFilterSchema>;

/** A page of statement lines with the period's summary (every line, whatever the filters). */
export const statementPageSchema = z
  .object({
    items: z.array(transactionSchema),
    nextCursor: z.string().nullable(),
    period: z.object({
      from: z.string().nullable(),
      to: z.string().nullable(),
      opening: minorUnitsSchema,
      closing: minorUnitsSchema,
      totalIn: unsignedMinorUnitsSchema,
      totalOut: unsignedMinorUnitsSchema,
    }),
    currency: z.string(),
  })
  .meta({ id: 'StatementPage' });
export type StatementPage = z.infer<typeof statementPageSchema>;

/** For the charts: end-of-day balances, and money in and out by month. */
export const statementChartSchema = z
  .object({
    currency: z.string(),
    days: z.array(z.object({ day: z.string(), balance: minorUnitsSchema })),
    months: z.array(
      z.object({
        month: z.string(),
        moneyIn: unsignedMinorUnitsSchema,
        moneyOut: unsignedMinorUnitsSchema,
      }),
    ),
  })
  .meta({ id: 'StatementChart' });
export type StatementChart = z.infer<typeof statementChartSchema>;

/** The most lines one export holds; a longer period is exported in parts. */
export const STATEMENT_EXPORT_MAX_LINES = 5000;
