import { z } from 'zod';
import { nameField, normalizeAccountNumber } from './transfers.js';

/**
 * Paying a customer of this bank by account number (confirmation of payee): the customer gives
 * the account number and the name they know the payee by; the server answers with the holder's
 * name masked as banks show it ("Ngozi E."), how the typed name compares with it, and a
 * short-lived token that the transfer carries, so that the holder's full name is settled on the
 * server and never shown to the payer.
 */

/** How the typed name compares with the holder's (the words banks' confirmation of payee uses). */
export const PAYEE_MATCHES = ['match', 'close_match', 'no_match'] as const;
export type PayeeMatch = (typeof PAYEE_MATCHES)[number];

/** An account number of this bank: 10 digits (spaces and dashes as people write them aside). */
export const cedarAccountNumberSchema = z
  .string()
  .trim()
  .min(1, 'Enter the account number')
  .transform(normalizeAccountNumber)
  .pipe(z.string().regex(/^\d{10}$/, 'An account number of this bank has 10 digits'));

export const payeeCheckRequestSchema = z
  .strictObject({
    accountNumber: cedarAccountNumberSchema,
    /** The name the customer knows the payee by. */
    name: nameField('Enter the name of the person you are paying', 100).refine(
      (v) => v.length >= 2,
      'Enter the name of the person you are paying',
    ),
  })
  .meta({ id: 'PayeeCheckFields' });
export type PayeeCheckRequestInput = z.input<typeof payeeCheckRequestSchema>;

export const payeeCheckSchema = z
  .object({
    accountNumber: z.string(),
    /** The holder's name as the bank shows it to a payer: first name and last initial. */
    name: z.string(),
    /** The name the customer typed, as the server read it. */
    typedName: z.string(),
    match: z.enum(PAYEE_MATCHES),
    /** Sent back with the transfer (`payeeToken`); good for this customer and account only. */
    token: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'PayeeCheck' });
export type PayeeCheck = z.infer<typeof payeeCheckSchema>;
