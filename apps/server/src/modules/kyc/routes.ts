import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KYC_DOCUMENT_ROLES,
  kycApprovedSchema,
  kycDeclineSchema,
  kycDeclinedSchema,
  kycDetailsSchema,
  kycDocumentTypesSchema,
  kycPreviousSchema,
  kycQueueQuerySchema,
  kycQueueSchema,
  kycSubmissionSchema,
  kycSubmittedSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { readMultipart } from '../../platform/files/index.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { sessionOf, staffOf } from '../../plugins/access.js';
import * as kyc from './service.js';

const problems = problemResponses(400, 401, 403, 404, 409, 413, 422);
const ONBOARDING = { session: ['onboarding'] } as const;
const REVIEW = { permission: 'kyc.review' } as const;
const DETAIL_FIELDS = ['country', 'phone', 'homeAddress', 'documentType'] as const;

/** Identity checks: the customer's submission (onboarding session) and the staff review. */
export const kycRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/kyc/document-types',
      {
        config: { access: ONBOARDING },
        schema: {
          tags: ['kyc'],
          summary:
            "Document types a customer may submit: Driver's License plus the catalog (getdocs)",
          response: { 200: kycDocumentTypesSchema, ...problemResponses(401) },
        },
      },
      async () => ({ documentTypes: await kyc.documentTypes(deps) }),
    );

    app.get(
      '/api/v1/kyc/previous',
      {
        config: { access: ONBOARDING },
        schema: {
          tags: ['kyc'],
          summary:
            "The details of the customer's last submission, to fill the form again after a decline",
          response: { 200: kycPreviousSchema, ...problemResponses(401) },
        },
      },
      async (request) => kyc.previousDetails(deps, sessionOf(request).userId),
    );

    app.post(
      '/api/v1/kyc/submission',
      {
        // The answer ends the onboarding session (its cookie is cleared): a retry is refused as
        // signed out before any stored answer could be replayed, and one submission at a time is
        // the service's own rule (decision 0031).
        config: {
          access: ONBOARDING,
          rateLimit: { max: 5, timeWindow: '1 minute' },
          idempotent: false,
        },
        schema: {
          tags: ['kyc'],
          summary:
            'Submit identity documents (multipart: country, phone, homeAddress, documentType; files pic, idcardFront, idcardBack) (submit_verification)',
          consumes: ['multipart/form-data'],
          response: { 200: kycSubmittedSchema, ...problems, ...problemResponses(503) },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const form = await readMultipart(request, {
          fields: DETAIL_FIELDS,
          files: Object.keys(kyc.KYC_FILE_FIELDS) as kyc.KycFileField[],
        });
        const parsed = kycDetailsSchema.safeParse(form.fields);
        if (!parsed.success) {
          throw new AppError('VALIDATION_FAILED', 'Some fields are missing or not valid.', {
            errors: parsed.error.issues.map((i) => ({
              path: ['body', ...i.path].join('.'),
              message: i.message,
            })),
          });
        }
        await kyc.submitKyc(deps, session.userId, parsed.data, form.files);
        return reply.clearSession().send({ next: 'kyc_review' as const });
      },
    );

    app.get(
      '/api/v1/staff/kyc/queue',
      {
        config: { access: REVIEW },
        schema: {
          tags: ['staff'],
          summary:
            'Identity checks by status: waiting oldest first, decided newest first (by whom, when), searched by name, email or id, a page at a time (kyc.review)',
          querystring: kycQueueQuerySchema,
          response: { 200: kycQueueSchema, ...problemResponses(400, 401, 403) },
        },
      },
      async (request) => kyc.reviewQueue(deps, request.query),
    );

    app.get(
      '/api/v1/staff/kyc/submissions/:id',
      {
        config: { access: REVIEW },
        schema: {
          tags: ['staff'],
          summary: 'One submission with its documents (kyc.review)',
          params: idParams,
          response: { 200: kycSubmissionSchema, ...problems },
        },
      },
      async (request) => kyc.submissionForReview(deps, request.params.id),
    );

    app.get(
      '/api/v1/staff/kyc/submissions/:id/documents/:role',
      {
        // Identity reviewers, and customer managers reading a customer's identity checks.
        config: { access: { permission: ['kyc.review', 'customers.manage'] } },
        schema: {
          tags: ['staff'],
          summary:
            'A document of a submission, for review only; each view is audited (kyc.review or customers.manage)',
          params: idParams.extend({ role: z.enum(KYC_DOCUMENT_ROLES) }),
        },
      },
      async (request, reply) => {
        const { id, role } = request.params;
        const file = await kyc.readKycFile(deps, id, role, staffOf(request));
        return reply
          .type(file.mime)
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', `inline; filename="kyc-${id}-${role}.${file.extension}"`)
          .send(file.data);
      },
    );

    app.post(
      '/api/v1/staff/kyc/submissions/:id/approve',
      {
        config: { access: REVIEW },
        schema: {
          tags: ['staff'],
          summary: "Approve: opens the customer's current account and tells them (kyc.review)",
          params: idParams,
          response: { 200: kycApprovedSchema, ...problems },
        },
      },
      async (request) => kyc.approveKyc(deps, request.params.id, staffOf(request)),
    );

    app.post(
      '/api/v1/staff/kyc/submissions/:id/decline',
      {
        config: { access: REVIEW },
        schema: {
          tags: ['staff'],
          summary:
            'Decline with a reason the customer will read; they may submit again (kyc.review)',
          params: idParams,
          body: kycDeclineSchema,
          response: { 200: kycDeclinedSchema, ...problems },
        },
      },
      async (request) => {
        await kyc.declineKyc(deps, request.params.id, request.body.reason, staffOf(request));
        return { status: 'declined' as const };
      },
    );
  };
