import countries from 'i18n-iso-countries';
import {
  ALWAYS_OFFERED_DOCUMENT_TYPE,
  KYC_MAX_FILE_BYTES,
  checkPhone,
  type CustomerIdentityCheck,
  type KycPrevious,
  type KycQueueItem,
  type KycQueueQuery,
  type KycSubmission,
  personName,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { KycFileRole } from '../../db/tables/kyc.js';
import { openCustomerAccount } from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { decide, transition } from '../../platform/decisions.js';
import { AppError, fieldError } from '../../platform/errors.js';
import {
  acceptUpload,
  registerStoredFile,
  type AcceptedFile,
  type UploadedPart,
} from '../../platform/files/index.js';
import { decodeCursor, pageOf } from '../../platform/queue-page.js';
import { revokeUserSessions } from '../../platform/security/sessions.js';
import { startProfile } from '../profile/index.js';
import { users } from '../users/index.js';
import { kycApprovedEmail, kycDeclinedEmail } from './emails.js';
import * as repo from './repo.js';

/** The form's file fields (the spec's names) and the document each one is. */
export const KYC_FILE_FIELDS = {
  pic: 'photo',
  idcardFront: 'id_front',
  idcardBack: 'id_back',
} as const satisfies Record<string, KycFileRole>;
export type KycFileField = keyof typeof KYC_FILE_FIELDS;

export interface KycDetails {
  country: string;
  phone: string;
  homeAddress: string;
  documentType: string;
}

export async function documentTypes(deps: AppDeps): Promise<string[]> {
  const configured = await repo.activeDocumentTypes(deps.db);
  return [
    ALWAYS_OFFERED_DOCUMENT_TYPE,
    ...configured.filter((name) => name !== ALWAYS_OFFERED_DOCUMENT_TYPE),
  ];
}

/** The details of the customer's last submission, to fill the form again after a decline. */
export async function previousDetails(deps: AppDeps, userId: bigint): Promise<KycPrevious> {
  const latest = await repo.latestSubmissionOf(deps.db, userId);
  return { previous: latest ?? null };
}

const ALREADY_WITH_US = 'Your documents are already with us.';

/**
 * A customer's identity documents, from their onboarding session. Every file is checked by its
 * content and images are re-encoded before anything is stored; if anything fails, nothing is
 * kept. On success the customer waits for review and the onboarding session ends (the spec:
 * the temporary token is removed).
 */
export async function submitKyc(
  deps: AppDeps,
  userId: bigint,
  details: KycDetails,
  uploads: Partial<Record<KycFileField, UploadedPart>>,
): Promise<void> {
  const standing = await users.kycStanding(deps.db, userId);
  if (!standing || standing.kind !== 'customer' || !standing.verifiedAt) {
    throw new AppError('FORBIDDEN', 'Only a customer with a verified email can submit documents.');
  }
  if (standing.kycStatus !== 'not_verified' && standing.kycStatus !== 'declined') {
    throw new AppError('CONFLICT', ALREADY_WITH_US);
  }
  const country = details.country.toUpperCase();
  if (!countries.isValid(country)) {
    throw fieldError('body.country', 'Choose your country from the list');
  }
  const phone = checkPhone(details.phone, country);
  if (!phone.ok) throw fieldError('body.phone', phone.message);
  if (!(await documentTypes(deps)).includes(details.documentType)) {
    throw fieldError('body.documentType', 'Choose a document type from the list');
  }

  const accepted: { role: KycFileRole; file: AcceptedFile }[] = [];
  for (const [field, role] of Object.entries(KYC_FILE_FIELDS) as [KycFileField, KycFileRole][]) {
    const upload = uploads[field];
    if (!upload) throw fieldError(`body.${field}`, 'This file is required');
    try {
      const file = await acceptUpload({
        data: upload.data,
        fileName: upload.fileName,
        maxBytes: KYC_MAX_FILE_BYTES,
        allowed: role === 'photo' ? ['jpeg', 'png', 'webp'] : ['jpeg', 'png', 'webp', 'pdf'],
        owner: `user:${userId}`,
      });
      accepted.push({ role, file });
    } catch (error) {
      // A refused file is said on its field; the check being busy is the route's 503.
      if (error instanceof AppError && error.code !== 'UNAVAILABLE') {
        throw fieldError(`body.${field}`, error.message);
      }
      throw error;
    }
  }

  const stored: { role: KycFileRole; key: string; file: AcceptedFile }[] = [];
  try {
    for (const { role, file } of accepted) {
      stored.push({ role, file, ...(await deps.files.put(file)) });
    }
    await deps.db.transaction().execute(async (trx) => {
      const submission = await repo.insertSubmission(trx, {
        userId,
        country,
        phone: phone.e164,
        homeAddress: details.homeAddress.trim(),
        documentType: details.documentType,
      });
      for (const s of stored) {
        await registerStoredFile(trx, {
          key: s.key,
          purpose: 'kyc_document',
          bytes: s.file.bytes,
          sha256: s.file.sha256,
        });
        await repo.insertFile(trx, {
          submissionId: submission.id,
          role: s.role,
          key: s.key,
          mime: s.file.mime,
          bytes: s.file.bytes,
          sha256: s.file.sha256,
        });
      }
      await users.setKycStatus(trx, userId, 'pending');
      await revokeUserSessions(trx, userId);
    });
  } catch (error) {
    await Promise.all(stored.map((s) => deps.files.remove(s.key).catch(() => undefined)));
    // Two submissions sent at the same moment: the one-pending-per-customer index lets one in.
    if ((error as { code?: unknown }).code === '23505') {
      throw new AppError('CONFLICT', ALREADY_WITH_US);
    }
    throw error;
  }
}

/** A tab of the review queue (waiting, approved, declined), searched, a page at a time. */
export async function reviewQueue(
  deps: AppDeps,
  query: KycQueueQuery,
): Promise<{ items: KycQueueItem[]; nextCursor: string | null }> {
  const rows = await repo.queuePage(deps.db, {
    status: query.status,
    ...(query.q === undefined ? {} : { q: query.q }),
    ...(query.cursor === undefined ? {} : { after: decodeCursor(query.cursor) }),
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit);
  return {
    items: page.rows.map((i) => ({
      id: String(i.id),
      submittedAt: i.submittedAt.toISOString(),
      documentType: i.documentType,
      country: i.country,
      firstName: i.firstName,
      lastName: i.lastName,
      email: i.email,
      status: i.status,
      reviewedAt: i.reviewedAt?.toISOString() ?? null,
      reviewedBy: i.reviewedBy,
      declineReason: i.declineReason,
    })),
    nextCursor: page.nextCursor,
  };
}

/** How many identity checks wait for review, and since when (the back office's overview). */
export function pendingReviews(deps: AppDeps) {
  return repo.pendingSummary(deps.db);
}

/** One submission as the reviewer sees it, with the documents that can be viewed. */
export async function submissionForReview(deps: AppDeps, id: bigint): Promise<KycSubmission> {
  const submission = await repo.submissionById(deps.db, id);
  if (!submission) throw new AppError('NOT_FOUND', 'No such submission');
  const files = await repo.filesOf(deps.db, submission.id);
  return {
    id: String(submission.id),
    status: submission.status,
    country: submission.country,
    phone: submission.phone,
    homeAddress: submission.homeAddress,
    documentType: submission.documentType,
    declineReason: submission.declineReason,
    submittedAt: submission.submittedAt.toISOString(),
    reviewedAt: submission.reviewedAt?.toISOString() ?? null,
    reviewedBy:
      submission.reviewerFirstName === null
        ? null
        : `${submission.reviewerFirstName} ${submission.reviewerLastName ?? ''}`.trim(),
    firstName: submission.firstName,
    lastName: submission.lastName,
    email: submission.email,
    username: submission.username,
    documents: files.map((f) => ({ role: f.role, mime: f.mime, bytes: f.bytes })),
  };
}

const ALREADY_REVIEWED = 'This submission was already reviewed';

type LockedSubmission = NonNullable<Awaited<ReturnType<typeof repo.lockSubmission>>>;

/** A submission as a decision finds it: locked, and refused once it is no longer pending. */
const pendingSubmission = (id: bigint) => ({
  lock: (trx: AppDeps['db']) => repo.lockSubmission(trx, id),
  notFound: 'No such submission',
  refuse: (row: LockedSubmission) => (row.status === 'pending' ? null : ALREADY_REVIEWED),
});

/**
 * Approves a submission: the customer is approved and their current account opens in the
 * ledger (a new account number, balance zero), in one transaction with the audit entry and
 * the email that tells them.
 */
export async function approveKyc(deps: AppDeps, id: bigint, actor: StaffActor) {
  return decide(deps, {
    ...pendingSubmission(id),
    async apply(trx, submission) {
      transition(
        await repo.decide(trx, id, {
          status: 'approved',
          reason: null,
          reviewerId: actor.userId,
          at: deps.clock.now(),
        }),
        ALREADY_REVIEWED,
      );
      const user = await users.setKycStatus(trx, submission.userId, 'approved');
      await startProfile(trx, submission.userId, submission);
      const account = await openCustomerAccount(trx, {
        ownerId: submission.userId,
        kind: 'customer_current',
        currency: deps.config.currency,
        name: personName(user),
      });
      await deps.mail.send(
        trx,
        await kycApprovedEmail(user.email, user.firstName, account.accountNumber),
      );
      return { accountNumber: account.accountNumber };
    },
    audit: (submission, { accountNumber }) => ({
      action: 'kyc.approve',
      actor,
      targetId: String(id),
      customerId: submission.userId,
      before: { status: 'pending' },
      after: { status: 'approved', accountNumber },
    }),
  });
}

/** Declines with a reason the customer will read; they may submit again. */
export async function declineKyc(deps: AppDeps, id: bigint, reason: string, actor: StaffActor) {
  await decide(deps, {
    ...pendingSubmission(id),
    async apply(trx, submission) {
      transition(
        await repo.decide(trx, id, {
          status: 'declined',
          reason,
          reviewerId: actor.userId,
          at: deps.clock.now(),
        }),
        ALREADY_REVIEWED,
      );
      const user = await users.setKycStatus(trx, submission.userId, 'declined', reason);
      await deps.mail.send(trx, await kycDeclinedEmail(user.email, user.firstName, reason));
    },
    audit: (submission) => ({
      action: 'kyc.decline',
      actor,
      targetId: String(id),
      customerId: submission.userId,
      before: { status: 'pending' },
      after: { status: 'declined', reason },
    }),
  });
}

/** One document of a submission, for a reviewer; the viewing itself is audited. */
export async function readKycFile(deps: AppDeps, id: bigint, role: KycFileRole, actor: StaffActor) {
  const files = await repo.filesOf(deps.db, id);
  const file = files.find((f) => f.role === role);
  if (!file) throw new AppError('NOT_FOUND', 'No such document');
  const data = await deps.files.read(file.key);
  await deps.audit(deps.db, {
    action: 'kyc.view_document',
    actor,
    targetId: String(id),
    customerId: file.userId,
    after: { role },
  });
  return { data, mime: file.mime, extension: file.key.split('.').pop() ?? 'bin' };
}

/**
 * A customer's identity checks, newest first, each with its documents (viewed one at a time
 * through the staff document route, which audits every view) and its review.
 */
export async function identityChecksOf(
  deps: AppDeps,
  userId: bigint,
): Promise<CustomerIdentityCheck[]> {
  const submissions = await repo.submissionsOf(deps.db, userId);
  const documents = await repo.documentsOf(
    deps.db,
    submissions.map((s) => s.id),
  );
  return submissions.map((s) => ({
    id: String(s.id),
    status: s.status,
    documentType: s.documentType,
    country: s.country,
    phone: s.phone,
    homeAddress: s.homeAddress,
    submittedAt: s.submittedAt.toISOString(),
    reviewedAt: s.reviewedAt?.toISOString() ?? null,
    reviewedBy:
      s.reviewerFirstName === null
        ? null
        : `${s.reviewerFirstName} ${s.reviewerLastName ?? ''}`.trim(),
    declineReason: s.declineReason,
    documents: documents
      .filter((d) => d.submissionId === s.id)
      .map((d) => ({ role: d.role, mime: d.mime, bytes: d.bytes })),
  }));
}
