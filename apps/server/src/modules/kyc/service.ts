import type { Kysely } from 'kysely';
import countries from 'i18n-iso-countries';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import {
  ALWAYS_OFFERED_DOCUMENT_TYPE,
  KYC_DOCUMENT_ROLES,
  KYC_MAX_FILE_BYTES,
} from '@bank/contract';
import type { DB } from '../../db/schema.js';
import type { KycFileRole } from '../../db/tables/kyc.js';
import { openCustomerAccount } from '../../ledger/index.js';
import { audit, type StaffActor } from '../../platform/audit.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { acceptUpload, type FileStore } from '../../platform/files/index.js';
import { enqueueEmail } from '../../platform/mail/index.js';
import { revokeUserSessions } from '../../platform/security/sessions.js';
import { kycApprovedEmail, kycDeclinedEmail } from './emails.js';
import * as repo from './repo.js';

export interface KycContext {
  db: Kysely<DB>;
  files: FileStore;
  currency: string;
}

export interface KycUpload {
  role: KycFileRole;
  fileName: string;
  data: Buffer;
}

export const KYC_FILE_ROLES: readonly KycFileRole[] = KYC_DOCUMENT_ROLES;
const ALWAYS_OFFERED = ALWAYS_OFFERED_DOCUMENT_TYPE;

export async function documentTypes(ctx: KycContext): Promise<string[]> {
  const configured = await repo.activeDocumentTypes(ctx.db);
  return [ALWAYS_OFFERED, ...configured.filter((name) => name !== ALWAYS_OFFERED)];
}

/**
 * A customer's identity documents, from their onboarding session. Every file is checked by its
 * content and images are re-encoded before anything is stored; if anything fails, nothing is
 * kept. On success the customer waits for review and the onboarding session ends (the spec:
 * the temporary token is removed).
 */
export async function submitKyc(
  ctx: KycContext,
  userId: bigint,
  fields: { country: string; phone: string; homeAddress: string; documentType: string },
  uploads: KycUpload[],
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['kind', 'kyc_status as kycStatus', 'email_verified_at as verifiedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.kind !== 'customer' || !user.verifiedAt) {
    throw new AppError('FORBIDDEN', 'Only a customer with a verified email can submit documents.');
  }
  if (user.kycStatus !== 'not_verified' && user.kycStatus !== 'declined') {
    throw new AppError('CONFLICT', 'Your documents are already with us.');
  }
  const country = fields.country.toUpperCase();
  if (!countries.isValid(country)) throw fieldError('country', 'Choose your country from the list');
  const phone = parsePhoneNumberFromString(fields.phone, country as CountryCode);
  if (!phone?.isValid()) throw fieldError('phone', 'That does not look like a phone number');
  if (!(await documentTypes(ctx)).includes(fields.documentType)) {
    throw fieldError('documentType', 'Choose a document type from the list');
  }
  const byRole = new Map(uploads.map((u) => [u.role, u]));
  for (const role of KYC_FILE_ROLES) {
    if (!byRole.has(role)) throw fieldError(role, 'This file is required');
  }

  const accepted = [];
  for (const role of KYC_FILE_ROLES) {
    const upload = byRole.get(role) as KycUpload;
    try {
      const file = await acceptUpload({
        data: upload.data,
        fileName: upload.fileName,
        maxBytes: KYC_MAX_FILE_BYTES,
        allowed: role === 'photo' ? ['jpeg', 'png', 'webp'] : ['jpeg', 'png', 'webp', 'pdf'],
      });
      accepted.push({ role, file });
    } catch (error) {
      if (error instanceof AppError) throw fieldError(role, error.message);
      throw error;
    }
  }

  const stored: { role: KycFileRole; key: string; file: (typeof accepted)[number]['file'] }[] = [];
  try {
    for (const { role, file } of accepted)
      stored.push({ role, file, ...(await ctx.files.put(file)) });
    await ctx.db.transaction().execute(async (trx) => {
      const submission = await repo.insertSubmission(trx, {
        userId,
        country,
        phone: phone.number,
        homeAddress: fields.homeAddress.trim(),
        documentType: fields.documentType,
      });
      for (const s of stored) {
        await repo.insertFile(trx, {
          submissionId: submission.id,
          role: s.role,
          key: s.key,
          mime: s.file.mime,
          bytes: s.file.bytes,
          sha256: s.file.sha256,
        });
      }
      await trx
        .updateTable('users')
        .set({ kyc_status: 'pending', kyc_decline_reason: null, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      await revokeUserSessions(trx, userId);
    });
  } catch (error) {
    await Promise.all(stored.map((s) => ctx.files.remove(s.key).catch(() => undefined)));
    throw error;
  }
}

async function lockPending(trx: Kysely<DB>, id: bigint) {
  const row = await trx
    .selectFrom('kyc_submissions')
    .select(['id', 'user_id as userId', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such submission');
  if (row.status !== 'pending')
    throw new AppError('CONFLICT', 'This submission was already reviewed');
  return row;
}

/**
 * Approves a submission: the customer is approved and their current account opens in the
 * ledger (a new account number, balance zero), in one transaction with the audit entry and
 * the email that tells them.
 */
export async function approveKyc(ctx: KycContext, id: bigint, actor: StaffActor) {
  return ctx.db.transaction().execute(async (trx) => {
    const submission = await lockPending(trx, id);
    const now = new Date();
    await trx
      .updateTable('kyc_submissions')
      .set({ status: 'approved', reviewed_by: actor.userId, reviewed_at: now })
      .where('id', '=', id)
      .execute();
    const user = await trx
      .updateTable('users')
      .set({ kyc_status: 'approved', kyc_decline_reason: null, updated_at: now })
      .where('id', '=', submission.userId)
      .returning(['email', 'first_name as firstName', 'last_name as lastName'])
      .executeTakeFirstOrThrow();
    const account = await openCustomerAccount(trx, {
      ownerId: submission.userId,
      kind: 'customer_current',
      currency: ctx.currency,
      name: `${user.firstName} ${user.lastName}`,
    });
    await audit(trx, {
      actorId: actor.userId,
      action: 'kyc.approve',
      targetType: 'kyc_submission',
      targetId: String(id),
      before: { status: 'pending' },
      after: { status: 'approved', accountNumber: account.accountNumber },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    await enqueueEmail(trx, kycApprovedEmail(user.email, user.firstName, account.accountNumber));
    return { accountNumber: account.accountNumber };
  });
}

/** Declines with a reason the customer will read; they may submit again. */
export async function declineKyc(ctx: KycContext, id: bigint, reason: string, actor: StaffActor) {
  await ctx.db.transaction().execute(async (trx) => {
    const submission = await lockPending(trx, id);
    const now = new Date();
    await trx
      .updateTable('kyc_submissions')
      .set({
        status: 'declined',
        decline_reason: reason,
        reviewed_by: actor.userId,
        reviewed_at: now,
      })
      .where('id', '=', id)
      .execute();
    const user = await trx
      .updateTable('users')
      .set({ kyc_status: 'declined', kyc_decline_reason: reason, updated_at: now })
      .where('id', '=', submission.userId)
      .returning(['email', 'first_name as firstName'])
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actorId: actor.userId,
      action: 'kyc.decline',
      targetType: 'kyc_submission',
      targetId: String(id),
      before: { status: 'pending' },
      after: { status: 'declined', reason },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    await enqueueEmail(trx, kycDeclinedEmail(user.email, user.firstName, reason));
  });
}

/** One document of a submission, for a reviewer; the viewing itself is audited. */
export async function readKycFile(
  ctx: KycContext,
  id: bigint,
  role: KycFileRole,
  actor: StaffActor,
) {
  const files = await repo.filesOf(ctx.db, id);
  const file = files.find((f) => f.role === role);
  if (!file) throw new AppError('NOT_FOUND', 'No such document');
  const data = await ctx.files.read(file.key);
  await audit(ctx.db, {
    actorId: actor.userId,
    action: 'kyc.view_document',
    targetType: 'kyc_submission',
    targetId: String(id),
    after: { role },
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return { data, mime: file.mime, extension: file.key.split('.').pop() ?? 'bin' };
}
