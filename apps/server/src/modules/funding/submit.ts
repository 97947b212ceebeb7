import {
  PROOF_MAX_FILE_BYTES,
  formatMoney,
  type FundingKind,
  type FundingRequest,
} from '@bank/contract';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { AppError, fieldError } from '../../platform/errors.js';
import {
  acceptUpload,
  registerStoredFile,
  type AcceptedFile,
  type UploadedPart,
} from '../../platform/files/index.js';
import { availabilityFor } from '../availability/index.js';
import {
  currentPlanOf,
  offeredAccountPlan,
  offeredCryptoType,
  offeredFixedDepositPlan,
  offeredPaymentPurpose,
} from '../catalog/index.js';
import { refuseBlockedDebit, users } from '../users/index.js';
import { currentAccountOf } from '../../ledger/index.js';
import { PRODUCT_OF, rowId } from './labels.js';
import { hasPendingUpgrade, insertRequest, isUniqueViolation } from './repo.js';
import { customerRequests } from './views.js';

/**
 * Crypto-paid requests (spec: newcd, newmpc, newfdc, newupgrade): stored with their proof, then
 * pending until staff decide (./decide.ts).
 */

export interface NewRequest {
  kind: FundingKind;
  /** The crypto type's id, as sent. */
  type: string;
  amount: bigint;
  /** The purpose (payment) or the plan (fixed deposit, upgrade), as sent. */
  subject?: string;
  /** The transaction id (hash) from the customer's wallet, checked by the contract. */
  transactionId?: string | undefined;
}

/** One upgrade waits at a time (migration 0022 holds it under any race). */
export const UPGRADE_WAITING =
  'An upgrade request of yours is already waiting for us: we will tell you as soon as it is decided.';

/**
 * Under the customer's row lock (taken here, until the transaction ends): refuses a second
 * upgrade while one waits. Every path that makes an upgrade (crypto, or paid from the balance)
 * takes the same lock first, so two at once are looked at one after the other.
 */
export async function refuseWhileUpgradeWaits(trx: Kysely<DB>, userId: bigint) {
  await users.lockCustomer(trx, userId);
  if (await hasPendingUpgrade(trx, userId)) throw new AppError('CONFLICT', UPGRADE_WAITING);
}

/**
 * What the request is about, checked against the catalog as it stands now, as the columns the
 * request keeps of it (a fixed deposit keeps the plan's rate and term the customer saw).
 */
async function checkSubject(deps: AppDeps, userId: bigint, input: NewRequest) {
  const currency = deps.config.currency;
  const subjectId = rowId(input.subject);
  switch (input.kind) {
    case 'deposit':
      return {};
    case 'payment': {
      const purpose = subjectId && (await offeredPaymentPurpose(deps.db, subjectId));
      if (!purpose) throw fieldError('body.purpose', 'Choose a purpose from the list');
      return { purpose_id: purpose.id };
    }
    case 'fixed_deposit': {
      const plan = subjectId && (await offeredFixedDepositPlan(deps.db, subjectId));
      if (!plan) throw fieldError('body.plan', 'Choose a plan from the list');
      if (input.amount < plan.minAmount) {
        throw fieldError(
          'body.amount',
          `The ${plan.name} plan starts at ${formatMoney(plan.minAmount, currency)}`,
        );
      }
      if (plan.maxAmount !== null && input.amount > plan.maxAmount) {
        throw fieldError(
          'body.amount',
          `The ${plan.name} plan takes at most ${formatMoney(plan.maxAmount, currency)}`,
        );
      }
      return {
        fd_plan_id: plan.id,
        fd_rate_bp: plan.rateBp,
        fd_term_count: plan.termCount,
        fd_term_unit: plan.termUnit,
      };
    }
    case 'upgrade': {
      const plan = subjectId && (await offeredAccountPlan(deps.db, subjectId));
      if (!plan) throw fieldError('body.plan', 'Choose a plan from the list');
      if (plan.isDefault) {
        throw fieldError('body.plan', 'Every account has this plan to begin with: choose another');
      }
      const current = await currentPlanOf(deps.db, userId);
      if (plan.id === current.id) throw fieldError('body.plan', 'You are on this plan already');
      if (input.amount < plan.price) {
        throw fieldError(
          'body.amount',
          `The ${plan.name} plan costs ${formatMoney(plan.price, currency)}`,
        );
      }
      // Said before the proof is read; checked again under the lock when the request is kept.
      if (await hasPendingUpgrade(deps.db, userId)) throw new AppError('CONFLICT', UPGRADE_WAITING);
      return { account_plan_id: plan.id };
    }
  }
}

/** Who may ask: an approved customer with an open account, where the product is offered. */
async function checkCustomer(deps: AppDeps, userId: bigint, kind: FundingKind) {
  const standing = await users.kycStanding(deps.db, userId);
  if (standing?.kycStatus !== 'approved') {
    throw new AppError('FORBIDDEN', 'Your identity check must be approved first.');
  }
  const { available } = await availabilityFor(deps, userId);
  if (!available[PRODUCT_OF[kind]])
    throw new AppError('FORBIDDEN', 'Not available for your region');
  if (!(await currentAccountOf(deps.db, userId, deps.config.currency))) {
    throw new AppError('CONFLICT', 'Your account is not open yet.');
  }
  if (kind === 'upgrade') await refuseBlockedDebit(deps.db, userId, 'upgrade');
}

/** The proof as it will be kept: a picture only, checked by its content and re-encoded. */
async function acceptProof(
  proof: UploadedPart | undefined,
  field: string,
  owner: string,
): Promise<AcceptedFile> {
  if (!proof) throw fieldError(`body.${field}`, 'Attach the proof of payment');
  try {
    return await acceptUpload({
      data: proof.data,
      fileName: proof.fileName,
      maxBytes: PROOF_MAX_FILE_BYTES,
      allowed: ['jpeg', 'png', 'webp', 'gif', 'svg'],
      owner,
    });
  } catch (error) {
    // Refusals of the file are said on its field; the server being busy (503) is not one.
    if (
      error instanceof AppError &&
      (error.code === 'UNPROCESSABLE' || error.code === 'BAD_REQUEST')
    ) {
      throw fieldError(`body.${field}`, error.message);
    }
    throw error;
  }
}

/**
 * Takes a customer's request with its proof. Everything is checked before anything is kept: the
 * customer, the region, the catalog entries, the amount, then the file. The file and the row
 * are kept together or not at all.
 */
export async function submitRequest(
  deps: AppDeps,
  userId: bigint,
  input: NewRequest,
  proof: UploadedPart | undefined,
  proofField: string,
): Promise<FundingRequest> {
  await checkCustomer(deps, userId, input.kind);
  const typeId = rowId(input.type);
  const type = typeId && (await offeredCryptoType(deps.db, typeId));
  if (!type) throw fieldError('body.type', 'Choose a crypto type from the list');
  const subject = await checkSubject(deps, userId, input);
  const file = await acceptProof(proof, proofField, `user:${userId}`);
  if (file.mime === 'application/pdf') throw new AppError('INTERNAL', 'A proof must be a picture');
  const currency = deps.config.currency;
  const stored = await deps.files.put(file);
  let id: bigint;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      if (input.kind === 'upgrade') await refuseWhileUpgradeWaits(trx, userId);
      await registerStoredFile(trx, {
        key: stored.key,
        purpose: 'funding_proof',
        bytes: file.bytes,
        sha256: file.sha256,
      });
      const requestId = await insertRequest(trx, {
        user_id: userId,
        kind: input.kind,
        crypto_type_id: type.id,
        pay_to_address: type.address,
        ...subject,
        claimed_amount: input.amount,
        currency,
        proof_key: stored.key,
        proof_mime: file.mime as 'image/jpeg' | 'image/webp',
        tx_id: input.transactionId ?? null,
        // What the customer was told to send: the catalog's rate now, if staff set one.
        ...(type.rate_per_coin === null
          ? {}
          : {
              coin_rate: type.rate_per_coin,
              coin_symbol: type.rate_symbol,
              coin_decimals: type.rate_decimals,
              coin_rate_set_at: type.rate_set_at,
            }),
      });
      await deps.notifications.send(trx, userId, 'funding.received', {
        kind: input.kind,
        amount: input.amount,
        currency,
        type: type.name,
      });
      return requestId;
    });
  } catch (error) {
    // Nothing was kept: the file goes too.
    await deps.files.remove(stored.key).catch(() => undefined);
    if (isUniqueViolation(error, 'funding_requests_one_pending_upgrade')) {
      throw new AppError('CONFLICT', UPGRADE_WAITING);
    }
    throw error;
  }
  const [created] = await customerRequests(deps, userId, input.kind, id);
  if (!created) throw new AppError('INTERNAL', 'The request was not found after saving');
  return created;
}
