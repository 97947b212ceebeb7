import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import countries from 'i18n-iso-countries';
import type { Kysely } from 'kysely';
import {
  INSUFFICIENT_BALANCE,
  MIN_TRANSFER_AMOUNT,
  TRANSFER_CODE_REQUIRED,
  formatMoney,
  isTransferCodeReason,
  type Transfer,
  type TransferDetails,
  type TransferStep,
  personName,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { ensureInternalAccounts, findAccount, postEntry } from '../../ledger/index.js';
import { CODE_RULES } from '../../platform/codes/purposes.js';
import { BANK_NAME } from '../../platform/mail/index.js';
import { TOO_MANY_TRIES, WRONG_CODE } from '../../platform/codes/service.js';
import { AppError, fieldError } from '../../platform/errors.js';
import {
  currentPlanOf,
  institutionDetails,
  planTerms,
  type AccountPlanTerms,
} from '../catalog/index.js';
import {
  approveTransferWithPasskey,
  dropTransferChallenges,
  hasPasskey,
  transferPasskeyOptions,
} from '../passkeys/index.js';
import { verifyPin } from '../pin/index.js';
import { refuseBlockedCredit, users } from '../users/index.js';
import { transferCodeEmail } from './emails.js';
import type { PayeeCheckLimits } from './payee-limits.js';
import { namedPayee, paysCheckedPayee, settlePayee } from './payee-check.js';
import * as repo from './repo.js';
import type { TransferRow } from './repo.js';
import {
  codeReasons,
  destinationKey,
  isOwnSwift,
  maskEmail,
  samePayee,
  serviceCharge,
  startOfDay,
  transferChargeBp,
} from './rules.js';
import {
  checkAvailable,
  refused,
  sender,
  sourceAccountOf,
  type Person,
  type Sender,
} from './standing.js';
import { availableBalance, customerView, expiresAt } from './views.js';

export { refused, type Person } from './standing.js';

/**
 * The transfer flow (decision 0019): one call per step, each taken under the transfer's row
 * lock with its stage checked, so no step can be skipped, replayed or reordered:
 *
 *   create (draft) -> confirm -> PIN -> [emailed code] -> submit
 *
 * Submission re-checks everything under the customer's row lock (status, plan, daily limit,
 * risk rules) and posts the one ledger entry, which refuses a balance below zero. Lock order,
 * everywhere: the transfer row, then the customer's row, then ledger accounts (ascending ids,
 * inside the ledger).
 */

const PURPOSE = 'transfer_authorization' as const;

/**
 * Waits for reads made side by side and answers their values, or throws the first failure in
 * the order given (not the first to arrive): the customer is told the same thing however the
 * reads interleave.
 */
async function allInOrder<T extends readonly unknown[]>(
  reads: [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(reads);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((o) => (o as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
const MIN_TRANSFER = MIN_TRANSFER_AMOUNT;

const expired = () =>
  refused(
    'Transfer expired',
    'For your security, a transfer must be completed within 30 minutes of its last step. Nothing was sent: please start again.',
  );

const money = (amount: bigint, currency: string) => formatMoney(amount, currency);

/** The plan's charge now takes the whole amount (the plan changed after the form was sent). */
const chargeEatsAmount = (fee: bigint, currency: string) =>
  refused(
    'The amount is too small',
    `Your plan's service charge is now ${money(fee, currency)}, which is the whole amount. Start a new transfer with a larger amount.`,
  );

/** What a transfer's details are checked with besides the plan. */
interface PrepareOptions {
  /** Counts a check of a holder's name at this bank (the payee-check limits). */
  limits: PayeeCheckLimits;
  /** The transfer being edited. */
  previous?: TransferRow | undefined;
  /** Whether the balance and the day's limit must cover the amount (not for a retry). */
  amounts: boolean;
}

/**
 * Checks what the customer typed and works out what the server decides: this bank's account
 * or another bank's, where the money goes, the service charge (the plan's to another bank, none
 * inside this one), and that the balance and the day's limit cover the amount. Answers the
 * transfer's row and the available balance it was checked against (null when not checked).
 */
async function prepare(
  deps: AppDeps,
  db: Kysely<DB>,
  userId: bigint,
  input: TransferDetails,
  plan: AccountPlanTerms,
  options: PrepareOptions,
) {
  const currency = deps.config.currency;
  if (input.currency !== currency) {
    throw fieldError('body.currency', `Transfers are sent in ${currency}, your account's currency`);
  }
  if (!countries.isValid(input.country)) {
    throw fieldError('body.country', 'Choose the country from the list');
  }
  let payee = {
    bank: input.bank,
    swift: input.swift,
    routing: input.routing.toUpperCase(),
    country: input.country,
    holder_name: input.accountHolderName,
    recipient_account_id: null as bigint | null,
    payee_typed_name: null as string | null,
    payee_match: null as TransferRow['payeeMatch'],
  };
  if (paysCheckedPayee(input, options.previous)) {
    const settled = await settlePayee(deps, db, userId, input, options.previous);
    payee = {
      bank: settled.bank.name,
      swift: settled.bank.swift,
      routing: settled.bank.routing.toUpperCase(),
      country: settled.bank.country,
      holder_name: settled.holderName,
      recipient_account_id: settled.recipientAccountId,
      payee_typed_name: settled.typedName,
      payee_match: settled.match,
    };
  } else if (isOwnSwift(input.swift, (await institutionDetails(db)).swiftCode)) {
    payee.recipient_account_id = await namedPayee(deps, db, userId, input, options.limits);
  }
  const internal = payee.recipient_account_id !== null;
  if (input.amount < MIN_TRANSFER) {
    throw fieldError('body.amount', `The smallest transfer is ${money(MIN_TRANSFER, currency)}`);
  }
  const feeBp = transferChargeBp(plan.serviceChargeBp, internal);
  const fee = serviceCharge(input.amount, feeBp);
  if (input.amount - fee <= 0n) {
    throw fieldError('body.amount', 'The amount is too small to cover the service charge');
  }
  const available = options.amounts ? await availableBalance(db, userId) : null;
  if (available !== null && input.amount > available) {
    throw fieldError(
      'body.amount',
      `${INSUFFICIENT_BALANCE}: your available balance is ${money(available, currency)}`,
    );
  }
  const sentToday = options.amounts
    ? await repo.sentSince(db, userId, startOfDay(deps.clock.now()))
    : 0n;
  if (sentToday + input.amount > plan.dailyTransferLimit) {
    const left = plan.dailyTransferLimit - sentToday;
    throw fieldError(
      'body.amount',
      `Your ${plan.name} plan lets you send up to ${money(plan.dailyTransferLimit, currency)} a day: you can send up to ${money(left > 0n ? left : 0n, currency)} more today`,
    );
  }
  const row = {
    user_id: userId,
    ...payee,
    currency,
    account_number: input.accountNumber,
    note: input.note,
    save_beneficiary: input.saveBeneficiary,
    destination_key: destinationKey(
      { swift: payee.swift, accountNumber: input.accountNumber },
      internal,
    ),
    amount: input.amount,
    fee_bp: feeBp,
    fee,
  };
  return { row, available };
}

type Prepared = Awaited<ReturnType<typeof prepare>>['row'];

/** True when a stored transfer holds exactly these details (a retried create). */
function sameDetails(row: TransferRow, p: Prepared): boolean {
  return (
    row.bank === p.bank &&
    row.swift === p.swift &&
    row.currency === p.currency &&
    row.routing === p.routing &&
    row.country === p.country &&
    row.accountNumber === p.account_number &&
    row.accountHolderName === p.holder_name &&
    row.recipientAccountId === p.recipient_account_id &&
    row.payeeTypedName === p.payee_typed_name &&
    row.note === p.note &&
    row.amount === p.amount &&
    row.saveBeneficiary === p.save_beneficiary
  );
}

async function view(_deps: AppDeps, db: Kysely<DB>, row: TransferRow): Promise<Transfer> {
  return customerView(row, await availableBalance(db, row.userId));
}

/**
 * Starts a transfer (draft). The client's idempotency key names it: the same key again returns
 * the same transfer (created false), with other details it is refused.
 */
export async function createTransfer(
  deps: AppDeps,
  person: Person,
  idempotencyKey: string,
  input: TransferDetails,
  limits: PayeeCheckLimits,
): Promise<{ transfer: Transfer; created: boolean }> {
  const [existing, , standing] = await allInOrder([
    repo.transferByKey(deps.db, person.userId, idempotencyKey),
    checkAvailable(deps, person.userId),
    sender(deps.db, person.userId, false),
  ]);
  const plan = await planTerms(deps.db, standing.planId);
  // A retry of a transfer made already is compared, not checked again against the balance and
  // the day's limit (which its own submission may have used).
  const { row: prepared, available } = await prepare(deps, deps.db, person.userId, input, plan, {
    limits,
    amounts: !existing,
  });
  const now = deps.clock.now();
  if (!existing) {
    const inserted = await repo.insertTransfer(deps.db, idempotencyKey, prepared, now);
    if (inserted !== undefined) {
      // A draft moves no money: the balance the amount was just checked against is the balance.
      const transfer =
        available === null
          ? await view(deps, deps.db, inserted)
          : customerView(inserted, available);
      return { transfer, created: true };
    }
  }
  // The key was used before (a retry, or a retry racing the first try).
  const row = existing ?? (await repo.transferByKey(deps.db, person.userId, idempotencyKey));
  if (!row || !sameDetails(row, prepared)) {
    throw new AppError(
      'CONFLICT',
      'This request key was already used for a different transfer. Start a new transfer.',
    );
  }
  return { transfer: await view(deps, deps.db, row), created: false };
}

/** The transfer locked for a step, refused when it is not at one of `stages` or has expired. */
async function lockAt(
  deps: AppDeps,
  trx: Kysely<DB>,
  person: Person,
  id: bigint,
  stages: readonly TransferRow['stage'][],
): Promise<TransferRow> {
  const row = await repo.lockOwnTransfer(trx, person.userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such transfer');
  checkStage(deps, row, stages);
  return row;
}

const STAGE_MESSAGE: Record<TransferRow['stage'], string> = {
  draft: 'Review and confirm the transfer first.',
  confirmed: 'Enter your transaction PIN first.',
  pin_verified: 'Your PIN was already checked for this transfer.',
  code_verified: 'The authorization code was already checked for this transfer.',
  submitted: 'This transfer was already submitted.',
};

function checkStage(deps: AppDeps, row: TransferRow, stages: readonly TransferRow['stage'][]) {
  if (!stages.includes(row.stage)) throw new AppError('CONFLICT', STAGE_MESSAGE[row.stage]);
  if (row.stage !== 'submitted' && deps.clock.now() >= expiresAt(row)) throw expired();
}

/** Edits a transfer not yet submitted: back to draft, and any code sent for it is void. */
export async function editTransfer(
  deps: AppDeps,
  person: Person,
  id: bigint,
  input: TransferDetails,
  limits: PayeeCheckLimits,
): Promise<Transfer> {
  const [, , plan, previous] = await allInOrder([
    checkAvailable(deps, person.userId),
    sender(deps.db, person.userId, false),
    currentPlanOf(deps.db, person.userId),
    repo.ownTransfer(deps.db, person.userId, id),
  ]);
  if (!previous) throw new AppError('NOT_FOUND', 'No such transfer');
  const { row: prepared } = await prepare(deps, deps.db, person.userId, input, plan, {
    limits,
    previous,
    amounts: true,
  });
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockOwnTransfer(trx, person.userId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such transfer');
    if (row.stage === 'submitted') throw new AppError('CONFLICT', STAGE_MESSAGE.submitted);
    // Any code sent for the old details is spent, and any passkey asked for them.
    await deps.codes.voidAll(trx, person.userId, PURPOSE);
    await dropTransferChallenges(trx, person.userId, id);
    await repo.backToDraft(trx, id, prepared, deps.clock.now());
    return view(deps, trx, (await repo.ownTransfer(trx, person.userId, id)) as TransferRow);
  });
}

/**
 * The customer saw the server's service charge and amount received and confirms them. The
 * charge is worked out again from the plan now: what is confirmed is what will be charged.
 */
export async function confirmTransfer(
  deps: AppDeps,
  person: Person,
  id: bigint,
): Promise<Transfer> {
  await allInOrder([checkAvailable(deps, person.userId), sender(deps.db, person.userId, false)]);
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockAt(deps, trx, person, id, ['draft', 'confirmed']);
    if (row.stage === 'confirmed') return view(deps, trx, row);
    const plan = await currentPlanOf(trx, person.userId);
    const feeBp = chargeBpOf(row, plan);
    const fee = serviceCharge(row.amount, feeBp);
    if (fee >= row.amount) throw chargeEatsAmount(fee, row.currency);
    if (fee !== row.fee || feeBp !== row.feeBp) {
      // The plan changed since the form was sent: show the new charge before anything else.
      await repo.setCharge(trx, id, { fee, feeBp }, deps.clock.now());
      return view(deps, trx, (await repo.ownTransfer(trx, person.userId, id)) as TransferRow);
    }
    const available = await availableBalance(trx, person.userId);
    if (row.amount > available) {
      throw refused(
        'Insufficient balance',
        `Your available balance is ${money(available, row.currency)}; this transfer needs ${money(row.amount, row.currency)}.`,
      );
    }
    await repo.markConfirmed(trx, id, deps.clock.now());
    return customerView({ ...row, stage: 'confirmed', updatedAt: deps.clock.now() }, available);
  });
}

/** The charge rate of a transfer now: the plan's to another bank, none inside this one. */
const chargeBpOf = (row: TransferRow, plan: AccountPlanTerms) =>
  transferChargeBp(plan.serviceChargeBp, row.recipientAccountId !== null);

/**
 * What the code is bound to: this transfer, its amount, charge, currency, source, and every
 * detail of its payee.
 */
function codeContext(row: TransferRow, sourceAccountId: bigint) {
  return {
    transfer: String(row.id),
    amount: String(row.amount),
    fee: String(row.fee),
    currency: row.currency,
    beneficiary: row.destinationKey,
    holder: row.accountHolderName,
    bank: row.bank,
    swift: row.swift,
    routing: row.routing,
    country: row.country,
    account: row.accountNumber,
    recipient: String(row.recipientAccountId ?? ''),
    source: String(sourceAccountId),
  };
}

/** The risk rules, read inside the caller's transaction. */
async function assess(deps: AppDeps, trx: Kysely<DB>, row: TransferRow, plan: AccountPlanTerms) {
  const now = deps.clock.now();
  const [sentToday, paid] = await Promise.all([
    repo.sentSince(trx, row.userId, startOfDay(now)),
    repo.paidAt(trx, row.userId, row.destinationKey),
  ]);
  return {
    sentToday,
    reasons: codeReasons({
      amount: row.amount,
      stepUpThreshold: plan.stepUpThreshold,
      sentToday,
      paidBefore: paid.some((before) => samePayee(before, row)),
    }),
  };
}

/**
 * The step-up the risk rules asked for. A customer with a passkey is offered it first, bound to
 * the transfer's details, and no code is emailed unless they ask for one (the mailbox is then
 * not a way in to their money); anyone else is emailed the code.
 */
async function askStepUp(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: TransferRow,
  reasons: readonly string[],
): Promise<TransferStep> {
  if (!(await hasPasskey(trx, row.userId))) return sendCode(deps, trx, row, reasons);
  return codeStep(row, null, reasons, await availableBalance(trx, row.userId), true);
}

/**
 * Emails a fresh code bound to the transfer (any earlier transfer code is void with it).
 * Refused when the day's codes were all sent or codes are paused after wrong tries.
 */
async function sendCode(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: TransferRow,
  reasons: readonly string[],
): Promise<TransferStep> {
  const user = await users.findUserById(trx, row.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  const issued = await deps.codes.issuedInLastDay(trx, row.userId, PURPOSE);
  if (issued.all >= CODE_RULES[PURPOSE].dailyIssues) {
    throw refused(
      'Too many codes today',
      'We have sent you as many transfer codes as we can today. Please try again tomorrow.',
    );
  }
  const source = await sourceAccountOf(trx, row.userId, row.currency);
  const { code } = await deps.codes.issue(trx, {
    userId: row.userId,
    purpose: PURPOSE,
    context: codeContext(row, source),
  });
  await deps.mail.send(
    trx,
    await transferCodeEmail(user.email, user.firstName, code, {
      amount: row.amount,
      currency: row.currency,
      holderName: row.accountHolderName,
      bank: row.bank,
      destination: row.recipientAccountId
        ? `${BANK_NAME} account ••${row.accountNumber.slice(-4)}`
        : `account ••${row.accountNumber.slice(-4)} at ${row.swift}`,
    }),
  );
  return codeStep(
    row,
    user.email,
    reasons,
    await availableBalance(trx, row.userId),
    await hasPasskey(trx, row.userId),
  );
}

/** The code step's prompt; `email` null when no code was sent (the passkey is offered first). */
function codeStep(
  row: TransferRow,
  email: string | null,
  reasons: readonly string[],
  available: bigint,
  passkey: boolean,
): TransferStep {
  const sentTo = email === null ? null : maskEmail(email);
  return {
    next: 'code',
    head: TRANSFER_CODE_REQUIRED,
    body:
      sentTo === null
        ? 'Approve this transfer with your passkey, or ask us to email you a 4-digit code instead.'
        : `We sent a 4-digit code to ${sentTo}. Enter it to authorize this transfer. It works for 10 minutes.`,
    sentTo,
    passkey,
    // The code step says why in one line, from these (the web app's words).
    reasons: reasons.filter(isTransferCodeReason),
    transfer: customerView(row, available),
  };
}

/**
 * The PIN step: the one PIN check (its count of wrong tries and its rest apply, and are kept
 * even when the step is refused), then the risk rules decide whether the emailed code is next.
 */
export async function verifyTransferPin(
  deps: AppDeps,
  person: Person,
  id: bigint,
  pin: string,
): Promise<TransferStep> {
  // The stage is checked before the PIN, so a step out of order costs no PIN try.
  const [before, , standing] = await allInOrder([
    repo.ownTransfer(deps.db, person.userId, id),
    checkAvailable(deps, person.userId),
    sender(deps.db, person.userId, false),
  ]);
  if (!before) throw new AppError('NOT_FOUND', 'No such transfer');
  checkStage(deps, before, ['confirmed']);
  await verifyPin(deps, person, pin);
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockAt(deps, trx, person, id, ['confirmed']);
    // The plan the customer's row named a moment ago: the submission checks it again under lock.
    const plan = await planTerms(trx, standing.planId);
    const { reasons } = await assess(deps, trx, row, plan);
    const needsCode = reasons.length > 0;
    const now = deps.clock.now();
    await repo.markPinVerified(trx, id, needsCode, now);
    const updated = { ...row, stage: 'pin_verified' as const, needsCode, updatedAt: now };
    if (needsCode) return askStepUp(deps, trx, updated, reasons);
    return { next: 'ready', transfer: await view(deps, trx, updated) };
  });
}

/**
 * The code step. The code is checked against this transfer's details as they are now: a code
 * sent for other details is refused and spent. A wrong try is kept even though the step is
 * refused; the try that uses up the code's attempts tells the customer.
 */
export async function verifyTransferCode(
  deps: AppDeps,
  person: Person,
  id: bigint,
  code: string,
): Promise<TransferStep> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await lockAt(deps, trx, person, id, ['pin_verified']);
    if (!row.needsCode) throw new AppError('CONFLICT', 'This transfer needs no code: submit it.');
    const source = await sourceAccountOf(trx, person.userId, deps.config.currency);
    const checked = await deps.codes.check(trx, {
      userId: person.userId,
      purpose: PURPOSE,
      code,
      context: codeContext(row, source),
      actor: person,
    });
    if (!checked.ok) {
      if (checked.error.message === WRONG_CODE) await tellWhenUsedUp(deps, trx, person.userId);
      return { error: checked.error };
    }
    const now = deps.clock.now();
    await repo.markCodeVerified(trx, id, checked.codeId, now);
    const step: TransferStep = {
      next: 'ready',
      transfer: await view(deps, trx, { ...row, stage: 'code_verified', updatedAt: now }),
    };
    return { step };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.step;
}

/** The transfer waiting for its code, locked, with what the code (or a passkey) is bound to. */
async function awaitingCode(deps: AppDeps, trx: Kysely<DB>, person: Person, id: bigint) {
  const row = await lockAt(deps, trx, person, id, ['pin_verified']);
  if (!row.needsCode) throw new AppError('CONFLICT', 'This transfer needs no code: submit it.');
  const source = await sourceAccountOf(trx, person.userId, deps.config.currency);
  return { row, details: codeContext(row, source) };
}

/**
 * Instead of the emailed code, a passkey (decision 0033): options whose challenge is bound to
 * this transfer's details as the code is (dynamic linking). An edit voids it as it voids a code.
 */
export async function transferPasskeyChallenge(deps: AppDeps, person: Person, id: bigint) {
  return deps.db.transaction().execute(async (trx) => {
    const { details } = await awaitingCode(deps, trx, person, id);
    return transferPasskeyOptions(deps, trx, { userId: person.userId, transferId: id, details });
  });
}

/**
 * The passkey's answer in place of the code: checked against the transfer's details as they
 * are now, so an assertion for other details (or another transfer) is refused. Approved, the
 * transfer keeps which passkey approved it and when, and any code sent for it is spent.
 */
export async function verifyTransferPasskey(
  deps: AppDeps,
  person: Person,
  id: bigint,
  response: AuthenticationResponseJSON,
): Promise<TransferStep> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const { row, details } = await awaitingCode(deps, trx, person, id);
    const approved = await approveTransferWithPasskey(deps, trx, {
      userId: person.userId,
      transferId: id,
      details,
      response,
      actor: person,
    });
    // Refused, the challenge stays used: the transaction commits with the refusal.
    if (!approved.ok) return { error: approved.error };
    const now = deps.clock.now();
    await repo.markPasskeyVerified(trx, id, approved.passkeyId, now);
    await deps.codes.voidAll(trx, person.userId, PURPOSE);
    const step: TransferStep = {
      next: 'ready',
      transfer: await view(deps, trx, { ...row, stage: 'code_verified', updatedAt: now }),
    };
    return { step };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.step;
}

/** The customer hears when a transfer code was guessed at until it stopped working. */
async function tellWhenUsedUp(deps: AppDeps, trx: Kysely<DB>, userId: bigint) {
  if (!(await deps.codes.usedUp(trx, userId, PURPOSE))) return;
  await deps.notifications.send(trx, userId, 'transfer.code_locked', {
    maxAttempts: CODE_RULES[PURPOSE].maxAttempts,
    tooManyTries: TOO_MANY_TRIES,
  });
}

/**
 * Sends a code for a transfer waiting for one (at most one a minute): a new one, or the first
 * for a customer who was offered their passkey and asked for a code instead.
 */
export async function resendTransferCode(
  deps: AppDeps,
  person: Person,
  id: bigint,
): Promise<TransferStep> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockAt(deps, trx, person, id, ['pin_verified']);
    if (!row.needsCode) throw new AppError('CONFLICT', 'This transfer needs no code: submit it.');
    const sentAt = await deps.codes.lastSentAt(trx, person.userId, PURPOSE);
    if (sentAt && deps.clock.now().getTime() - sentAt.getTime() < 60_000) {
      throw new AppError(
        'RATE_LIMITED',
        'A code was sent less than a minute ago. Check your email, or try again shortly.',
      );
    }
    const plan = await currentPlanOf(trx, person.userId);
    const { reasons } = await assess(deps, trx, row, plan);
    return sendCode(deps, trx, row, reasons);
  });
}

/**
 * The final step. Under the transfer's lock and then the customer's: the steps were all taken,
 * the customer may still send, the charge is the plan's, the day's limit holds, and the risk
 * rules are met (a code now needed is sent, and asked for). Then the one entry moves the money;
 * the ledger refuses a balance below zero. Submitting a submitted transfer answers as the first
 * time and posts nothing.
 */
export async function submitTransfer(
  deps: AppDeps,
  person: Person,
  id: bigint,
): Promise<TransferStep> {
  await checkAvailable(deps, person.userId);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await lockAt(deps, trx, person, id, ['pin_verified', 'code_verified', 'submitted']);
    if (row.stage === 'submitted') {
      return { step: { next: 'done', transfer: await view(deps, trx, row) } as TransferStep };
    }
    if (row.stage === 'pin_verified' && row.needsCode) {
      throw new AppError(
        'CONFLICT',
        (await hasPasskey(trx, row.userId))
          ? 'Approve this transfer with your passkey first, or with a code we email you.'
          : 'Enter the authorization code we emailed you first.',
      );
    }
    const user = await sender(trx, person.userId, true);
    // The plan named by the row just locked: one read, and no upgrade can land in between.
    const plan = await planTerms(trx, user.planId);
    const feeBp = chargeBpOf(row, plan);
    if (feeBp !== row.feeBp) {
      // The plan changed after the customer confirmed: they confirm the new charge first.
      const fee = serviceCharge(row.amount, feeBp);
      if (fee >= row.amount) throw chargeEatsAmount(fee, row.currency);
      await repo.backToDraft(trx, id, { fee, fee_bp: feeBp }, deps.clock.now());
      return {
        error: refused(
          'Your service charge changed',
          `Your plan changed since you confirmed: the service charge is now ${money(fee, row.currency)}. Review the transfer and confirm it again.`,
        ),
      };
    }
    const { sentToday, reasons } = await assess(deps, trx, row, plan);
    if (sentToday + row.amount > plan.dailyTransferLimit) {
      const left = plan.dailyTransferLimit - sentToday;
      throw refused(
        'Daily limit reached',
        `Your ${plan.name} plan lets you send up to ${money(plan.dailyTransferLimit, row.currency)} a day. You have sent ${money(sentToday, row.currency)} today, so you can send up to ${money(left > 0n ? left : 0n, row.currency)} more until midnight UTC.`,
      );
    }
    if (reasons.length > 0 && row.stage !== 'code_verified') {
      // Another transfer since the PIN step made this one need the code: send it and ask.
      const now = deps.clock.now();
      await repo.markNeedsCode(trx, id, now);
      return {
        step: await askStepUp(deps, trx, { ...row, needsCode: true, updatedAt: now }, reasons),
      };
    }
    const { row: posted, available } = await post(deps, trx, row, user);
    return { step: { next: 'done', transfer: customerView(posted, available) } as TransferStep };
  });
  if ('error' in outcome && outcome.error) throw outcome.error;
  return (outcome as { step: TransferStep }).step;
}

/** Posts the transfer's one entry, records it, saves the beneficiary, tells the people. */
async function post(deps: AppDeps, trx: Kysely<DB>, row: TransferRow, user: Sender) {
  const currency = row.currency;
  const internal = await ensureInternalAccounts(trx, currency);
  const from = await sourceAccountOf(trx, row.userId, row.currency);
  const received = row.amount - row.fee;
  const to = row.recipientAccountId ?? internal.outgoing_transfer_clearing.id;
  const memo = `Transfer to ${row.accountHolderName} (${row.bank})`;
  let entryId: bigint;
  let available: bigint | null;
  try {
    const entry = await postEntry(trx, {
      idempotencyKey: `transfer:${row.id}`,
      kind: row.recipientAccountId ? 'transfer_internal' : 'transfer_out',
      memo,
      actor: `customer:${row.userId}`,
      postings: [
        { accountId: from, amount: -row.amount, currency },
        { accountId: to, amount: received, currency },
        ...(row.fee > 0n ? [{ accountId: internal.fee_income.id, amount: row.fee, currency }] : []),
      ],
    });
    entryId = entry.entryId;
    // The source account's running balance right after this entry: the balance now.
    available = entry.replayed ? null : (entry.postings[0]?.balanceAfter ?? null);
    if (row.recipientAccountId) await refuseBlockedCredit(trx, row.recipientAccountId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_FUNDS') {
      const available = await availableBalance(trx, row.userId);
      throw refused(
        'Insufficient balance',
        `Your available balance is ${money(available, currency)}; this transfer needs ${money(row.amount, currency)}. Nothing was sent.`,
      );
    }
    throw error;
  }
  const now = deps.clock.now();
  const status = row.recipientAccountId ? 'successful' : 'in_progress';
  // A transfer inside the bank is settled by its entry: the entry is its reference.
  await repo.markSubmitted(
    trx,
    row.id,
    status === 'successful'
      ? { status, entryId, reference: internalReference(entryId), at: now }
      : { status, entryId, at: now },
  );
  if (row.saveBeneficiary) await repo.saveBeneficiary(trx, row, now);
  const told = {
    amount: row.amount,
    currency,
    holder: row.accountHolderName,
    bank: row.bank,
    received,
    fee: row.fee,
  };
  if (row.recipientAccountId) {
    await deps.notifications.send(trx, row.userId, 'transfer.sent', {
      ...told,
      bankName: BANK_NAME,
    });
    await tellRecipient(deps, trx, row, received, user);
  } else {
    await deps.notifications.send(trx, row.userId, 'transfer.submitted', told);
  }
  return {
    row: {
      ...row,
      stage: 'submitted' as const,
      status,
      entryId,
      submittedAt: now,
      updatedAt: now,
      decidedAt: status === 'successful' ? now : null,
      reference: status === 'successful' ? internalReference(entryId) : null,
    } satisfies TransferRow,
    available: available ?? (await availableBalance(trx, row.userId)),
  };
}

const internalReference = (entryId: bigint) =>
  `${BANK_NAME.toUpperCase().replace(/\W+/g, '')}-${entryId}`;

async function tellRecipient(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: TransferRow,
  received: bigint,
  from: Sender,
) {
  const account = await findAccount(trx, { id: row.recipientAccountId as bigint });
  if (!account?.ownerId) return;
  await deps.notifications.send(trx, account.ownerId, 'transfer.received', {
    from: personName(from),
    received,
    currency: row.currency,
    bankName: BANK_NAME,
  });
}
