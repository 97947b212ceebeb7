import {
  positiveDecimalAmountSchema,
  toDecimalString,
  transferDetailsSchema,
  type Beneficiary,
  type Transfer,
  type TransferDetailsInput,
} from '@bank/contract';
import { z } from 'zod';
import { tidyAmount } from '../../components/funding/format';

/**
 * The send form: the contract's rules (the server applies the same), with the amount read as
 * people type it ("1,500", "$25") and an empty one asked for in words.
 */
export const transferFormSchema = transferDetailsSchema.extend({
  amount: z
    .string()
    .trim()
    .min(1, 'Enter the amount')
    .transform(tidyAmount)
    .pipe(positiveDecimalAmountSchema),
});
export type TransferFormValues = z.input<typeof transferFormSchema>;
export type TransferFormOutput = z.output<typeof transferFormSchema>;

/** Every field the server may name in an error (`body.<field>`), in form order. */
export const TRANSFER_FIELDS = Object.keys(
  transferFormSchema.shape,
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

/** An empty form in the account's currency, or the details of a transfer being edited. */
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
