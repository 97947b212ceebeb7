import {
  INSUFFICIENT_BALANCE,
  cedarAccountNumberSchema,
  formatMoney,
  payeeCheckRequestSchema,
  positiveDecimalAmountSchema,
  serviceCharge,
  toDecimalString,
  transferDetailsSchema,
  type Beneficiary,
  type Transfer,
  type TransferDetailsInput,
  type TransferTerms,
} from '@bank/contract';
import { z } from 'zod';
import { tidyAmount } from '../../components/funding/format';

/**
 * The send forms' rules: the contract's (the server applies the same), with the amount read
 * as people type it ("1,500", "$25"), an empty one asked for in words, and checked at once
 * against what the server would refuse: the smallest transfer, a charge that would take it
 * all, the available balance and what is left of the day's limit (the server's words).
 */
export function amountSchema(terms: TransferTerms, rateBp: number) {
  const money = (minor: bigint | string) => formatMoney(BigInt(minor), terms.currency);
  return z
    .string()
    .trim()
    .min(1, 'Enter the amount')
    .transform(tidyAmount)
    .pipe(positiveDecimalAmountSchema)
    .superRefine((amount, ctx) => {
      const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (amount < BigInt(terms.minimumAmount)) {
        problem(`The smallest transfer is ${money(terms.minimumAmount)}`);
      } else if (amount - serviceCharge(amount, rateBp) <= 0n) {
        problem('The amount is too small to cover the service charge');
      } else if (amount > BigInt(terms.availableBalance)) {
        problem(
          `${INSUFFICIENT_BALANCE}: your available balance is ${money(terms.availableBalance)}`,
        );
      } else if (amount > BigInt(terms.leftToday)) {
        problem(
          `Your ${terms.planName} plan lets you send up to ${money(terms.dailyTransferLimit)} a day: you can send up to ${money(terms.leftToday)} more today`,
        );
      }
    });
}

/** The form to another bank: every field of the spec's payload. */
export function transferFormSchema(terms: TransferTerms) {
  return transferDetailsSchema.extend({ amount: amountSchema(terms, terms.serviceChargeBp) });
}
export type TransferFormValues = z.input<ReturnType<typeof transferFormSchema>>;
export type TransferFormOutput = z.output<ReturnType<typeof transferFormSchema>>;

/** Every field the server may name in an error (`body.<field>`), in form order. */
export const TRANSFER_FIELDS = Object.keys(
  transferDetailsSchema.shape,
) as (keyof TransferFormValues)[];

/**
 * The recipient's details, as a saved beneficiary or an earlier transfer holds them. Not the
 * currency: a transfer is always in the account's own.
 */
export const RECIPIENT_FIELDS = [
  'bank',
  'swift',
  'routing',
  'country',
  'accountNumber',
  'accountHolderName',
] as const;
export type RecipientField = (typeof RECIPIENT_FIELDS)[number];

export function recipientValues(
  from: Beneficiary | Transfer,
): Pick<TransferFormValues, RecipientField> {
  return Object.fromEntries(RECIPIENT_FIELDS.map((field) => [field, from[field]])) as Pick<
    TransferFormValues,
    RecipientField
  >;
}

/** An empty form in the account's currency, or the details of a transfer to start from. */
export function transferFormValues(currency: string, transfer?: Transfer): TransferFormValues {
  if (!transfer) {
    return {
      bank: '',
      swift: '',
      currency,
      routing: '',
      country: '',
      accountNumber: '',
      accountHolderName: '',
      amount: '',
      note: '',
      saveBeneficiary: false,
    };
  }
  return {
    ...recipientValues(transfer),
    currency,
    amount: toDecimalString(BigInt(transfer.amount)),
    note: transfer.note,
    saveBeneficiary: transfer.saveBeneficiary,
  };
}

/** What the API reads: the checked details, the amount as a decimal ("150.25"). */
export function transferFields(values: TransferFormOutput): TransferDetailsInput {
  return { ...values, amount: toDecimalString(values.amount) };
}

// -----------------------------------------------------------------------------------------
// To a customer of this bank: the account number and a name, checked, then the payment.

/** The payee part: what the check is asked with. */
export const cedarPayeeSchema = payeeCheckRequestSchema;

export function cedarFormSchema(terms: TransferTerms) {
  return z.object({
    accountNumber: cedarAccountNumberSchema,
    name: payeeCheckRequestSchema.shape.name,
    amount: amountSchema(terms, terms.internalServiceChargeBp),
    note: transferDetailsSchema.shape.note,
    saveBeneficiary: z.boolean(),
  });
}
export type CedarFormValues = z.input<ReturnType<typeof cedarFormSchema>>;
export type CedarFormOutput = z.output<ReturnType<typeof cedarFormSchema>>;
export const CEDAR_FIELDS = ['accountNumber', 'name', 'amount', 'note', 'saveBeneficiary'] as const;
export const CEDAR_PAYEE_FIELDS = ['accountNumber', 'name'] as const;

/** The payee the customer confirmed: from a check, or from the transfer being edited. */
export interface ConfirmedPayee {
  accountNumber: string;
  /** The holder's masked name. */
  name: string;
  typedName: string;
  match: 'match' | 'close_match' | 'no_match';
  /** The check's token; null for a transfer being edited, which keeps its payee. */
  token: string | null;
}

/**
 * The spec's fields of a payment to a customer of this bank: the bank's own details, the
 * account number, the masked name the customer confirmed, and the check's token.
 */
export function cedarTransferFields(
  bank: NonNullable<TransferTerms['bank']>,
  currency: string,
  payee: ConfirmedPayee,
  values: Pick<CedarFormOutput, 'amount' | 'note' | 'saveBeneficiary'>,
): TransferDetailsInput {
  return {
    bank: bank.name,
    swift: bank.swift,
    currency,
    routing: bank.routing,
    country: bank.country,
    accountNumber: payee.accountNumber,
    accountHolderName: payee.name,
    amount: toDecimalString(values.amount),
    note: values.note,
    saveBeneficiary: values.saveBeneficiary,
    ...(payee.token ? { payeeToken: payee.token } : {}),
  };
}

/** True when these details are of a payment to this bank (its SWIFT's first 8 characters). */
export function atThisBank(swift: string, terms: TransferTerms): boolean {
  return terms.bank !== null && swift.slice(0, 8) === terms.bank.swift.slice(0, 8);
}
