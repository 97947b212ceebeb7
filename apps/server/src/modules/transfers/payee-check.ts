import type { Kysely } from 'kysely';
import type { PayeeCheck, PayeeMatch, TransferDetails } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { currentAccountOf, findAccount, isValidAccountNumber } from '../../ledger/index.js';
import { fieldError } from '../../platform/errors.js';
import { BANK_NAME } from '../../platform/mail/index.js';
import { institutionDetails } from '../catalog/index.js';
import { refuseBlockedCredit, users } from '../users/index.js';
import { maskedName, payeeMatch, sameFullName } from './payee-names.js';
import type { PayeeCheckLimits } from './payee-limits.js';
import { PAYEE_TOKEN_TTL_MS, readPayeeToken, signPayeeToken } from './payee-token.js';
import type { TransferRow } from './repo.js';
import { checkAvailable, refused, sender, type Person } from './standing.js';

/**
 * Paying a customer of this bank by account number (decision 0024). The check answers with the
 * holder's masked name, how the typed name compares, and a token; the transfer carries the token
 * back and the server settles the payee from it. Every refusal is worded so that it says no more
 * than it must: an account number that is not a customer's current account (unknown, a fixed
 * deposit, the bank's own, another currency) gets the same answer as one that does not exist.
 */

const NO_SUCH_PAYEE = `No ${BANK_NAME} customer has this account number. Check it with the person you are paying.`;
const OWN_ACCOUNT = 'This is your own account: choose another';
const CHECK_AGAIN = 'Check the payee again before you continue.';

/** This bank's own details, which fill the spec's fields of a payment to one of its customers. */
export interface OwnBank {
  name: string;
  swift: string;
  routing: string;
  country: string;
}

/** The bank's details for a payment inside it, or null while staff have not set them all. */
export async function ownBank(db: Kysely<DB>): Promise<OwnBank | null> {
  const details = await institutionDetails(db);
  if (!details.swiftCode || !details.routingNumber || !details.country) return null;
  return {
    name: BANK_NAME,
    swift: details.swiftCode,
    routing: details.routingNumber,
    country: details.country,
  };
}

async function requireOwnBank(db: Kysely<DB>): Promise<OwnBank> {
  const bank = await ownBank(db);
  if (!bank) {
    throw refused(
      'Not available yet',
      `Payments to other ${BANK_NAME} customers open once the bank's own details are published. Please try again later.`,
    );
  }
  return bank;
}

interface Payee {
  accountId: bigint;
  holder: { firstName: string; lastName: string };
}

/** The customer current account with this number, in this currency, and its holder. */
async function payeeAccount(
  db: Kysely<DB>,
  where: { accountNumber: string } | { id: bigint },
  currency: string,
): Promise<Payee | undefined> {
  const account = await findAccount(db, where);
  if (!account || account.kind !== 'customer_current' || account.currency !== currency) return;
  if (!account.ownerId) return;
  const owner = await users.customerStanding(db, account.ownerId);
  if (!owner || owner.kycStatus !== 'approved') return;
  return { accountId: account.id, holder: owner };
}

async function ownAccountNumber(deps: AppDeps, db: Kysely<DB>, userId: bigint) {
  return (await currentAccountOf(db, userId, deps.config.currency))?.accountNumber;
}

/**
 * The check: the sender may send at all, the number is one of this bank's (its check digit),
 * not their own, counted against the limits, then a customer's current account that can receive
 * money. The answer: the masked name, how the typed name compares, and the token.
 */
export async function checkPayee(
  deps: AppDeps,
  person: Person,
  input: { accountNumber: string; name: string },
  limits: PayeeCheckLimits,
): Promise<PayeeCheck> {
  const { db } = deps;
  await checkAvailable(deps, person.userId);
  await sender(db, person.userId, false);
  await requireOwnBank(db);
  if (!isValidAccountNumber(input.accountNumber)) {
    throw fieldError(
      'body.accountNumber',
      `This is not a ${BANK_NAME} account number: check the digits`,
    );
  }
  if (input.accountNumber === (await ownAccountNumber(deps, db, person.userId))) {
    throw fieldError('body.accountNumber', OWN_ACCOUNT);
  }
  await limits(input.accountNumber);
  const payee = await payeeAccount(
    db,
    { accountNumber: input.accountNumber },
    deps.config.currency,
  );
  if (!payee) throw fieldError('body.accountNumber', NO_SUCH_PAYEE);
  await refuseBlockedCredit(db, payee.accountId);
  const claims = {
    userId: person.userId,
    accountNumber: input.accountNumber,
    maskedName: maskedName(payee.holder),
    typedName: input.name,
    match: payeeMatch(input.name, payee.holder),
    expiresAt: new Date(deps.clock.now().getTime() + PAYEE_TOKEN_TTL_MS),
  };
  return {
    accountNumber: claims.accountNumber,
    name: claims.maskedName,
    typedName: claims.typedName,
    match: claims.match,
    token: signPayeeToken(deps.config.secretKey, claims),
    expiresAt: claims.expiresAt.toISOString(),
  };
}

/** A payee of this bank as a transfer records it: never the holder's full name. */
export interface SettledPayee {
  bank: OwnBank;
  recipientAccountId: bigint;
  /** The masked name the customer confirmed: the transfer's holder name. */
  holderName: string;
  typedName: string;
  match: PayeeMatch;
}

/**
 * True when these details go to a payee of this bank by a check: with its token, or as the
 * edit of a transfer made from one, still to this bank (another account then needs a check).
 */
export function paysCheckedPayee(input: TransferDetails, previous?: TransferRow): boolean {
  return (
    input.payeeToken !== undefined ||
    (previous !== undefined &&
      previous.payeeMatch !== null &&
      previous.swift.slice(0, 8) === input.swift.slice(0, 8))
  );
}

/**
 * The payee of a transfer to a customer of this bank, from the check's token; or, for a
 * transfer being edited that was made from one, to the same account number, from the transfer.
 * The account is read again: it must still be a customer's that can receive money, not the
 * sender's, with the masked name the customer confirmed.
 */
export async function settlePayee(
  deps: AppDeps,
  db: Kysely<DB>,
  userId: bigint,
  input: TransferDetails,
  previous?: TransferRow,
): Promise<SettledPayee> {
  const bank = await requireOwnBank(db);
  if (input.swift.slice(0, 8) !== bank.swift.slice(0, 8)) {
    throw fieldError('body.swift', `A payment to a ${BANK_NAME} customer goes to ${bank.swift}`);
  }
  let confirmed: { maskedName: string; typedName: string; match: PayeeMatch };
  let payee: Payee | undefined;
  if (input.payeeToken !== undefined) {
    const claims = readPayeeToken(deps.config.secretKey, input.payeeToken);
    if (!claims || claims.userId !== userId || claims.accountNumber !== input.accountNumber) {
      throw fieldError('body.accountNumber', CHECK_AGAIN);
    }
    if (claims.expiresAt <= deps.clock.now()) {
      throw fieldError(
        'body.accountNumber',
        'Your check of this payee has expired. Check the payee again before you continue.',
      );
    }
    confirmed = claims;
    payee = await payeeAccount(db, { accountNumber: input.accountNumber }, deps.config.currency);
  } else if (
    previous?.payeeMatch &&
    previous.recipientAccountId !== null &&
    previous.accountNumber === input.accountNumber
  ) {
    confirmed = {
      maskedName: previous.accountHolderName,
      typedName: previous.payeeTypedName ?? previous.accountHolderName,
      match: previous.payeeMatch,
    };
    payee = await payeeAccount(db, { id: previous.recipientAccountId }, deps.config.currency);
  } else {
    throw fieldError('body.accountNumber', CHECK_AGAIN);
  }
  if (!payee) throw fieldError('body.accountNumber', NO_SUCH_PAYEE);
  if (input.accountNumber === (await ownAccountNumber(deps, db, userId))) {
    throw fieldError('body.accountNumber', OWN_ACCOUNT);
  }
  if (maskedName(payee.holder) !== confirmed.maskedName) {
    throw fieldError(
      'body.accountNumber',
      `The account holder's details changed since you checked them. ${CHECK_AGAIN}`,
    );
  }
  await refuseBlockedCredit(db, payee.accountId);
  return {
    bank,
    recipientAccountId: payee.accountId,
    holderName: confirmed.maskedName,
    typedName: confirmed.typedName,
    match: confirmed.match,
  };
}

/**
 * A transfer to this bank's SWIFT by the full form, without a payee check (the API before
 * decision 24): the name typed must be the holder's in full, so every try counts against the
 * payee-check limits, as a check would. Returns the account the money settles into.
 */
export async function namedPayee(
  deps: AppDeps,
  db: Kysely<DB>,
  userId: bigint,
  input: TransferDetails,
  limits: PayeeCheckLimits,
): Promise<bigint> {
  const currency = deps.config.currency;
  const number = /^\d{10}$/.test(input.accountNumber) ? input.accountNumber : null;
  if (number !== null) await limits(number);
  const account = number ? await findAccount(db, { accountNumber: number }) : undefined;
  if (!account || account.kind !== 'customer_current' || account.currency !== currency) {
    throw fieldError('body.accountNumber', 'No account at this bank has this number');
  }
  if (account.ownerId === userId) {
    throw fieldError('body.accountNumber', 'This is your own account: choose another');
  }
  const owner = account.ownerId ? await users.findUserById(db, account.ownerId) : undefined;
  if (!owner || owner.kind !== 'customer' || !sameFullName(input.accountHolderName, owner)) {
    // Settled at once and for good: the name must be the account's in full, as the
    // recipient's bank would check it. The owner's name itself is never shown.
    throw fieldError(
      'body.accountHolderName',
      'This is not the name on that account. Check the name and the account number.',
    );
  }
  await refuseBlockedCredit(db, account.id);
  return account.id;
}
