import { z } from 'zod';
import { PHONE_REQUIRED } from './constants.js';
import { queuePageShape, queueSearchShape } from './queues.js';
import { textSchema } from './text.js';

export const KYC_STATUSES = ['pending', 'approved', 'declined'] as const;
/** Where a submission stands: waiting for review, or decided. */
export type KycReviewStatus = (typeof KYC_STATUSES)[number];
export const KYC_DOCUMENT_ROLES = ['photo', 'id_front', 'id_back'] as const;
export type KycDocumentRole = (typeof KYC_DOCUMENT_ROLES)[number];

/** What staff write when declining: the customer reads it at sign-in. */
export const kycDeclineSchema = z
  .object({ reason: textSchema().trim().min(3, 'Give the customer a reason').max(500) })
  .meta({ id: 'KycDecline' });

/** One identity check in the staff queue: waiting, or decided (by whom, when, why). */
export const kycQueueItemSchema = z.object({
  id: z.string(),
  submittedAt: z.iso.datetime(),
  documentType: z.string(),
  country: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(KYC_STATUSES),
  reviewedAt: z.iso.datetime().nullable(),
  /** The staff member who decided, by name. */
  reviewedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type KycQueueItem = z.infer<typeof kycQueueItemSchema>;

export const kycQueueSchema = z
  .object({ items: z.array(kycQueueItemSchema), ...queuePageShape })
  .meta({ id: 'KycQueue' });

/** A tab of the queue: waiting oldest first; decided newest decision first; with search. */
export const kycQueueQuerySchema = z.object({
  status: z.enum(KYC_STATUSES).default('pending'),
  ...queueSearchShape,
});
export type KycQueueQuery = z.output<typeof kycQueueQuerySchema>;

/** A submission as the reviewer sees it, with the documents that can be viewed. */
export const kycSubmissionSchema = z
  .object({
    id: z.string(),
    status: z.enum(KYC_STATUSES),
    country: z.string(),
    phone: z.string(),
    homeAddress: z.string(),
    documentType: z.string(),
    declineReason: z.string().nullable(),
    submittedAt: z.iso.datetime(),
    reviewedAt: z.iso.datetime().nullable(),
    /** The staff member who decided, by name. */
    reviewedBy: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    username: z.string(),
    documents: z.array(
      z.object({ role: z.enum(KYC_DOCUMENT_ROLES), mime: z.string(), bytes: z.number() }),
    ),
  })
  .meta({ id: 'KycSubmission' });
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

/**
 * The text fields of the identity check form (sent as multipart with its three files). The
 * phone is checked with the chosen country by `checkPhone` (phone.ts), on the server and in the
 * form: kept out of this schema so that its metadata loads only with the pages that take a phone.
 */
export const kycDetailsSchema = z
  .object({
    country: textSchema().regex(/^[A-Za-z]{2}$/, 'Choose your country from the list'),
    phone: textSchema().trim().min(1, PHONE_REQUIRED).max(40, 'At most 40 characters'),
    homeAddress: textSchema().trim().min(5, 'Enter your home address').max(300),
    documentType: textSchema().min(2, 'Choose a document type').max(60),
  })
  .meta({ id: 'KycDetails' });

/** The document types a customer may choose: Driver's License first, then the catalog's. */
export const kycDocumentTypesSchema = z
  .object({ documentTypes: z.array(z.string()) })
  .meta({ id: 'KycDocumentTypes' });

/** What the customer sent last time, to fill the form again after a decline. */
export const kycPreviousSchema = z
  .object({
    previous: z
      .object({
        country: z.string(),
        phone: z.string(),
        homeAddress: z.string(),
        documentType: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'KycPrevious' });
export type KycPrevious = z.infer<typeof kycPreviousSchema>;

export const kycSubmittedSchema = z
  .object({ next: z.literal('kyc_review') })
  .meta({ id: 'KycSubmitted' });

export const kycApprovedSchema = z
  .object({ accountNumber: z.string() })
  .meta({ id: 'KycApproved' });

export const kycDeclinedSchema = z
  .object({ status: z.literal('declined') })
  .meta({ id: 'KycDeclined' });
