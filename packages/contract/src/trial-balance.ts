import { z } from 'zod';
import { minorUnitsSchema, unsignedMinorUnitsSchema } from './money.js';
import { textSchema } from './text.js';

/**
 * The trial balance (ledger.trial_balance): every ledger account's balance, each currency's sum
 * (zero in a sound ledger), and the verdict of the ledger's invariant checker, which a periodic
 * job runs (and staff may run now). `npm run ledger:check` is its command-line twin.
 */

/** How often the periodic job checks the ledger. */
export const LEDGER_CHECK_EVERY_MINUTES = 15;

export const LEDGER_CHECK_TRIGGERS = ['schedule', 'staff'] as const;

export const ledgerCheckSchema = z
  .object({
    id: z.string(),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime(),
    durationMs: z.number().int(),
    ok: z.boolean(),
    /** How many violations it found (a sample of each rule's is listed). */
    violations: z.number().int(),
    detail: z.array(z.object({ rule: z.string(), detail: z.string() })),
    /** Each currency's sum when it ran (minor units; zero in a sound ledger). */
    totals: z.array(z.object({ currency: z.string(), balance: minorUnitsSchema })),
    counts: z.object({
      accounts: z.number().int(),
      entries: z.number().int(),
      postings: z.number().int(),
    }),
    trigger: z.enum(LEDGER_CHECK_TRIGGERS),
    /** The staff member who ran it by hand, by name. */
    runBy: z.string().nullable(),
  })
  .meta({ id: 'LedgerCheck' });
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

export const ledgerCheckListSchema = z
  .object({ items: z.array(ledgerCheckSchema) })
  .meta({ id: 'LedgerCheckList' });
export type LedgerCheckList = z.infer<typeof ledgerCheckListSchema>;

const internalAccount = z.object({
  id: z.string(),
  accountNumber: z.string(),
  kind: z.string(),
  /** The kind in words ("Fee income"). */
  label: z.string(),
  name: z.string(),
  balance: minorUnitsSchema,
  credits: unsignedMinorUnitsSchema,
  debits: unsignedMinorUnitsSchema,
});

export const trialBalanceSchema = z
  .object({
    /** When the balances were read (UTC). */
    asOf: z.iso.datetime(),
    currencies: z.array(
      z.object({
        currency: z.string(),
        /** The bank's own accounts, each. */
        internal: z.array(internalAccount),
        /** Customers' accounts, totalled by kind (the list is searched apart). */
        customers: z.array(
          z.object({
            kind: z.string(),
            label: z.string(),
            accounts: z.number().int(),
            balance: minorUnitsSchema,
          }),
        ),
        /** The sum of every account of the currency: zero in a sound ledger. */
        total: minorUnitsSchema,
        zero: z.boolean(),
      }),
    ),
    latestCheck: ledgerCheckSchema.nullable(),
    checkEveryMinutes: z.number().int(),
  })
  .meta({ id: 'TrialBalance' });
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

export const CUSTOMER_ACCOUNT_KINDS = ['customer_current', 'customer_fixed_deposit'] as const;

/** Customers' accounts: by currency and kind, an account number (or its start) or a name. */
export const customerAccountsQuerySchema = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'A currency code such as USD')
    .optional(),
  kind: z.enum(CUSTOMER_ACCOUNT_KINDS).optional(),
  /** Digits: an account number or its start; otherwise words of the holder's name. */
  q: textSchema().trim().min(1).max(100).optional(),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,18}$/, 'Not a page cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CustomerAccountsQuery = z.input<typeof customerAccountsQuerySchema>;

export const customerAccountsPageSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        accountNumber: z.string(),
        kind: z.enum(CUSTOMER_ACCOUNT_KINDS),
        label: z.string(),
        currency: z.string(),
        balance: minorUnitsSchema,
        /** The customer who holds it: their id, and their name as the account was opened. */
        holder: z.object({ id: z.string(), name: z.string() }),
      }),
    ),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'CustomerAccountsPage' });
export type CustomerAccountsPage = z.infer<typeof customerAccountsPageSchema>;
