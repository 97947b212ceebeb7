import type { Kysely } from 'kysely';
import type { FundingKind } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import { findAccount } from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';
import { customerStanding } from './repo.js';

/**
 * The freeze as the money paths meet it (decision 21, "What a freeze blocks"): one guard per
 * place where a blocked operation is refused, with the words the customer reads in the spec's
 * notice dialog (trx_notif). None of them says why the account is frozen: a reason such as a
 * fraud suspicion or a sanctions review must never be told to the customer (or to someone paying
 * them), so the words only say that money cannot move and where to ask.
 *
 * Each guard reads the customer's row. Called where the caller holds that row locked (a
 * transfer's submission), or with `lock` (taking it FOR NO KEY UPDATE, as the freeze's own update
 * does), the answer stands until the caller commits: a freeze is either committed before and
 * refuses, or waits until the operation is done.
 */

export type DebitOperation = 'transfer' | 'fixed_deposit' | 'upgrade' | 'payment';

const HELP = 'Please contact us through Help & Support.';

const DEBIT_WORDS: Record<DebitOperation, string> = {
  transfer: `Payments out of your account are on hold, so this transfer cannot be sent. Nothing has left your account. ${HELP}`,
  fixed_deposit: `Payments out of your account are on hold, so a fixed deposit cannot be opened from your balance. Nothing has left your account. ${HELP}`,
  upgrade: `Payments out of your account are on hold, so your plan cannot be upgraded now. ${HELP}`,
  payment: `Payments out of your account are on hold, so this payment cannot be made from your balance. Nothing has left your account. ${HELP}`,
};

/** The title of every notice about the customer's own hold. */
export const ON_HOLD_TITLE = 'Your account is on hold';

async function holdsOf(db: Kysely<DB>, userId: bigint, lock: boolean) {
  const query = db
    .selectFrom('users')
    .select(['debits_blocked as debitsBlocked', 'credits_blocked as creditsBlocked'])
    .where('id', '=', userId)
    .where('kind', '=', 'customer');
  return (lock ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/**
 * Refuses (422 ACCOUNT_ON_HOLD, with the notice) an operation that takes money out of the
 * customer's account, or changes its terms, while their debits are blocked.
 */
export async function refuseBlockedDebit(
  db: Kysely<DB>,
  userId: bigint,
  operation: DebitOperation,
  { lock = false }: { lock?: boolean } = {},
): Promise<void> {
  const holds = await holdsOf(db, userId, lock);
  if (holds) refuseWhenDebitsBlocked(holds, operation);
}

/**
 * The same refusal, for a caller that has just read the customer's row itself (a transfer's
 * standing, which reads `debits_blocked` with the rest, under the same lock when it locks).
 */
export function refuseWhenDebitsBlocked(
  holds: { debitsBlocked: boolean },
  operation: DebitOperation,
): void {
  if (holds.debitsBlocked) {
    const body = DEBIT_WORDS[operation];
    throw new AppError('ACCOUNT_ON_HOLD', body, { notice: { title: ON_HOLD_TITLE, body } });
  }
}

/**
 * Refuses (422 TRANSFER_REFUSED, with the notice the payer reads) a payment to a customer of this
 * bank whose credits are blocked, naming neither the freeze nor its reason. Given the ledger
 * account the money would arrive in: an account no customer owns is not refused here.
 */
export async function refuseBlockedCredit(db: Kysely<DB>, accountId: bigint): Promise<void> {
  const account = await findAccount(db, { id: accountId });
  if (!account?.ownerId) return;
  const holds = await holdsOf(db, account.ownerId, false);
  if (holds?.creditsBlocked) {
    const title = 'This account cannot receive money';
    const body =
      'The account you are paying cannot receive money at the moment. Nothing was sent. Please check with the person you are paying.';
    throw new AppError('TRANSFER_REFUSED', body, { notice: { title, body } });
  }
}

/**
 * A staff confirmation of a frozen customer's funding request: refused with a 409 that says what
 * to do when it would pay money in while credits are blocked (a crypto deposit, a fixed deposit
 * paid in crypto), or change the plan while debits are blocked (an upgrade, as its request is
 * refused). A payment to the bank moves none of the customer's money and passes. Takes the
 * customer's row lock, so a freeze cannot land between this check and the posting.
 */
export async function refuseFrozenConfirmation(
  db: Kysely<DB>,
  userId: bigint,
  kind: FundingKind,
): Promise<void> {
  if (kind === 'payment') return;
  const holds = await holdsOf(db, userId, true);
  if (kind !== 'upgrade' && holds?.creditsBlocked) {
    throw new AppError(
      'CONFLICT',
      "Credits to this customer's account are blocked by a freeze (see the customer's page), so this cannot be confirmed. Decline the request (the money goes back outside the app), or leave it pending until the freeze is lifted.",
    );
  }
  if (kind === 'upgrade' && holds?.debitsBlocked) {
    throw new AppError(
      'CONFLICT',
      "Debits on this customer's account are blocked by a freeze (see the customer's page), so their plan cannot change. Decline the request, or leave it pending until the freeze is lifted.",
    );
  }
}

/**
 * Refuses a payment out of the customer's balance to the bank (a payment, an upgrade, a fixed
 * deposit) unless they may pay: no restriction notice (the spec's dialog, with its words), an
 * approved identity check, debits not frozen. With `lock`, their row is held FOR NO KEY UPDATE,
 * as a transfer's submission holds it, so the answer stands until the caller commits. Answers
 * the customer's standing.
 */
export async function refuseUnlessPayer(
  db: Kysely<DB>,
  userId: bigint,
  operation: DebitOperation,
  { lock = false }: { lock?: boolean } = {},
) {
  const user = await customerStanding(db, userId, { lock });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  if (user.restrictionHead !== null && user.restrictionBody !== null) {
    throw new AppError('ACCOUNT_ON_HOLD', user.restrictionBody, {
      notice: { title: user.restrictionHead, body: user.restrictionBody },
    });
  }
  if (user.kycStatus !== 'approved') {
    throw new AppError('FORBIDDEN', 'Your identity check must be approved first.');
  }
  await refuseBlockedDebit(db, userId, operation);
  return user;
}
