import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  ADJUSTABLE_INTERNAL_KINDS,
  ADJUSTMENT_EVIDENCE_MAX_BYTES,
  ADJUSTMENT_MAX_MINOR,
  formatMoney,
  type AdjustableAccounts,
  type AdjustmentProposed,
  type adjustmentFieldsSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import {
  ensureInternalAccounts,
  findAccount,
  getBalance,
  type LedgerAccount,
} from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import {
  acceptUpload,
  registerStoredFile,
  type AcceptedFile,
  type UploadedPart,
} from '../../platform/files/index.js';
import { proposalOn, propose } from '../approvals/index.js';
import { users } from '../users/index.js';
import { LEDGER_ADJUSTMENT, adjustmentPayload, type AdjustmentPayload } from './kind.js';
import { INTERNAL_LABELS } from './labels.js';

type Fields = z.output<typeof adjustmentFieldsSchema>;

const SUBJECT_TYPE = 'ledger_adjustment';
const SENT =
  'Sent for approval: a second person with the approver role approves it under Approvals.';

/**
 * One proposal per proposer and Idempotency-Key: the key (hashed, with the proposer) is the
 * proposal's subject, so the approvals' unique index lets one of two identical requests in, and
 * a repeat finds the first.
 */
const subjectOf = (proposer: StaffActor, key: string) => ({
  type: SUBJECT_TYPE,
  id: createHash('sha256').update(`${proposer.userId}:${key}`).digest('base64url'),
});

/** The account the form names: a customer's current account, or one of the bank's own. */
async function targetOf(
  deps: AppDeps,
  fields: Fields,
): Promise<{ account: LedgerAccount; holder: string }> {
  const currency = deps.config.currency;
  if (fields.target === 'internal') {
    const kind = fields.internalAccount as (typeof ADJUSTABLE_INTERNAL_KINDS)[number];
    const account = (await ensureInternalAccounts(deps.db, currency))[kind];
    return { account, holder: `${INTERNAL_LABELS[kind] ?? kind} (bank)` };
  }
  const account = await findAccount(deps.db, { accountNumber: fields.accountNumber ?? '' });
  if (!account || account.ownerId === null || account.kind !== 'customer_current') {
    throw fieldError('body.accountNumber', 'No customer current account has this number');
  }
  if (account.currency !== currency) {
    throw fieldError('body.accountNumber', `This account is not in ${currency}`);
  }
  const name = (await users.namesOf(deps.db, [account.ownerId])).get(account.ownerId);
  return { account, holder: name ?? account.name };
}

function sameRequest(payload: AdjustmentPayload, fields: Fields) {
  return (
    payload.target === fields.target &&
    payload.direction === fields.direction &&
    payload.amount === String(fields.amount) &&
    (fields.target === 'customer'
      ? payload.accountNumber === fields.accountNumber
      : payload.accountKind === fields.internalAccount)
  );
}

/** The proposal this key already made, if any (a different request under it is a 409). */
async function replayOf(
  deps: AppDeps,
  subject: { type: string; id: string },
  fields: Fields,
): Promise<AdjustmentProposed | null> {
  const earlier = await proposalOn(deps.db, subject);
  if (!earlier) return null;
  const payload = adjustmentPayload.safeParse(earlier.payload);
  if (
    earlier.kind !== LEDGER_ADJUSTMENT ||
    !payload.success ||
    !sameRequest(payload.data, fields)
  ) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used for a different adjustment: start a new form.',
    );
  }
  return {
    approvalId: String(earlier.id),
    status: earlier.status,
    summary: earlier.summary,
    message: earlier.status === 'pending' ? SENT : `This proposal was already ${earlier.status}.`,
    replayed: true,
  };
}

async function acceptEvidence(
  evidence: UploadedPart | undefined,
  owner: string,
): Promise<AcceptedFile> {
  if (!evidence || evidence.data.length === 0) {
    throw fieldError('body.evidence', 'Attach the evidence: a picture or a PDF');
  }
  try {
    return await acceptUpload({
      data: evidence.data,
      fileName: evidence.fileName,
      maxBytes: ADJUSTMENT_EVIDENCE_MAX_BYTES,
      allowed: ['jpeg', 'png', 'webp', 'pdf'],
      owner,
    });
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'UNPROCESSABLE' || error.code === 'BAD_REQUEST')
    ) {
      throw fieldError('body.evidence', error.message);
    }
    throw error;
  }
}

/**
 * Proposes an adjustment: checks the target, the amount (a debit may not take a customer
 * below zero even now; approval checks again under the ledger's locks) and the evidence file,
 * keeps the file and the proposal together, and moves no money.
 */
export async function proposeAdjustment(
  deps: AppDeps,
  proposer: StaffActor,
  input: { fields: Fields; evidence: UploadedPart | undefined; idempotencyKey: string },
): Promise<AdjustmentProposed> {
  const { fields } = input;
  const subject = subjectOf(proposer, input.idempotencyKey);
  const replay = await replayOf(deps, subject, fields);
  if (replay) return replay;

  const currency = deps.config.currency;
  const { account, holder } = await targetOf(deps, fields);
  const amount = fields.amount;
  if (amount > ADJUSTMENT_MAX_MINOR) throw fieldError('body.amount', 'The amount is too large');
  if (fields.direction === 'debit' && account.ownerId !== null) {
    const { balance } = await getBalance(deps.db, { accountId: account.id, ownerId: null });
    if (balance < amount) {
      throw fieldError(
        'body.amount',
        `The account holds ${formatMoney(balance, currency)}: a debit of ${formatMoney(amount, currency)} would take it below zero`,
      );
    }
  }
  const file = await acceptEvidence(input.evidence, `user:${proposer.userId}`);

  const money = formatMoney(amount, currency);
  const summary =
    fields.direction === 'credit'
      ? `Credit ${money} to ${holder}, account ${account.accountNumber}`
      : `Debit ${money} from ${holder}, account ${account.accountNumber}`;
  const payload: AdjustmentPayload = {
    target: fields.target,
    accountId: String(account.id),
    accountNumber: account.accountNumber,
    accountKind: account.kind,
    holder,
    direction: fields.direction,
    amount: String(amount),
    currency,
    idempotencyKey: input.idempotencyKey,
  };

  const stored = await deps.files.put(file);
  try {
    const approvalId = await deps.db.transaction().execute(async (trx) => {
      await registerStoredFile(trx, {
        key: stored.key,
        purpose: 'adjustment_evidence',
        bytes: file.bytes,
        sha256: file.sha256,
      });
      return propose(
        deps,
        trx,
        {
          kind: LEDGER_ADJUSTMENT,
          subject,
          customerId: account.ownerId,
          amount,
          payload,
          summary: summary.slice(0, 300),
          reason: fields.reason,
          evidence: { key: stored.key, mime: file.mime },
        },
        proposer,
      );
    });
    return {
      approvalId: String(approvalId),
      status: 'pending',
      summary: summary.slice(0, 300),
      message: SENT,
      replayed: false,
    };
  } catch (error) {
    // Nothing was kept: the file goes too.
    await deps.files.remove(stored.key).catch(() => undefined);
    // The same request sent twice at once: the other one proposed it.
    if (error instanceof AppError && error.code === 'CONFLICT') {
      const again = await replayOf(deps, subject, fields);
      if (again) return again;
    }
    throw error;
  }
}

/** The bank's accounts an adjustment may name, with their balances, for the form. */
export async function adjustableAccounts(deps: AppDeps): Promise<AdjustableAccounts> {
  const currency = deps.config.currency;
  const accounts = await ensureInternalAccounts(deps.db, currency);
  const items = await Promise.all(
    ADJUSTABLE_INTERNAL_KINDS.map(async (kind) => {
      const account = accounts[kind];
      const { balance } = await getBalance(deps.db, { accountId: account.id, ownerId: null });
      return {
        kind,
        label: INTERNAL_LABELS[kind] ?? kind,
        accountNumber: account.accountNumber,
        balance: String(balance),
      };
    }),
  );
  return {
    currency,
    items,
    maxAmount: String(ADJUSTMENT_MAX_MINOR),
    evidenceMaxBytes: ADJUSTMENT_EVIDENCE_MAX_BYTES,
  };
}
