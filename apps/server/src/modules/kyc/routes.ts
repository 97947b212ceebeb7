import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KYC_DOCUMENT_ROLES,
  kycDeclineSchema,
  kycQueueSchema,
  kycSubmissionSchema,
  problemSchema,
} from '@bank/contract';
import type { Database } from '../../db/connection.js';
import type { KycFileRole } from '../../db/tables/kyc.js';
import { staffActor } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { requirePermission, requireSession } from '../../plugins/session.js';
import * as repo from './repo.js';
import type { KycContext, KycUpload } from './service.js';
import * as kyc from './service.js';

const problems = problemResponses(400, 401, 403, 404, 409, 413, 422);
const FIELDS = ['country', 'phone', 'homeAddress', 'documentType'] as const;
const FILE_FIELDS: Record<string, KycFileRole> = {
  pic: 'photo',
  idcardFront: 'id_front',
  idcardBack: 'id_back',
};

/** Identity checks: the customer's submission (onboarding session) and the staff review. */
export const kycRoutes =
  (ctx: KycContext, database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/kyc/document-types',
      {
        schema: {
          tags: ['kyc'],
          summary:
            "Document types a customer may submit: Driver's License plus the catalog (getdocs)",
          response: { 200: z.object({ documentTypes: z.array(z.string()) }), 401: problemSchema },
        },
      },
      async (request) => {
        requireSession(request, ['onboarding']);
        return { documentTypes: await kyc.documentTypes(ctx) };
      },
    );

    app.post(
      '/api/v1/kyc/submission',
      {
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags: ['kyc'],
          summary:
            'Submit identity documents (multipart: country, phone, homeAddress, documentType; files pic, idcardFront, idcardBack) (submit_verification)',
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ next: z.literal('kyc_review') }), ...problems },
        },
      },
      async (request, reply) => {
        const session = requireSession(request, ['onboarding']);
        if (!request.isMultipart())
          throw new AppError('BAD_REQUEST', 'Send the form as multipart/form-data');
        const fields: Record<string, string> = {};
        const uploads: KycUpload[] = [];
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const role = FILE_FIELDS[part.fieldname];
            const data = await part.toBuffer();
            if (role) uploads.push({ role, fileName: part.filename, data });
          } else if ((FIELDS as readonly string[]).includes(part.fieldname)) {
            fields[part.fieldname] = String(part.value).slice(0, 400);
          }
        }
        const parsed = z
          .object({
            country: z.string().regex(/^[A-Za-z]{2}$/, 'Choose your country from the list'),
            phone: z.string().min(5, 'Enter your phone number').max(30),
            homeAddress: z.string().trim().min(5, 'Enter your home address').max(300),
            documentType: z.string().min(2, 'Choose a document type').max(60),
          })
          .safeParse(fields);
        if (!parsed.success) {
          throw new AppError('VALIDATION_FAILED', 'Some fields are missing or not valid.', {
            errors: parsed.error.issues.map((i) => ({
              path: i.path.join('.'),
              message: i.message,
            })),
          });
        }
        await kyc.submitKyc(ctx, session.userId, parsed.data, uploads);
        return reply.clearSession().send({ next: 'kyc_review' as const });
      },
    );

    app.get(
      '/api/v1/staff/kyc/queue',
      {
        schema: {
          tags: ['staff'],
          summary: 'Identity checks waiting for review, oldest first (kyc.review)',
          response: {
            200: kycQueueSchema,
            401: problemSchema,
            403: problemSchema,
          },
        },
      },
      async (request) => {
        await requirePermission(request, database, 'kyc.review');
        const items = await repo.pendingQueue(ctx.db);
        return {
          items: items.map((i) => ({
            ...i,
            id: String(i.id),
            submittedAt: i.submittedAt.toISOString(),
          })),
        };
      },
    );

    app.get(
      '/api/v1/staff/kyc/submissions/:id',
      {
        schema: {
          tags: ['staff'],
          summary: 'One submission with its documents (kyc.review)',
          params: idParams,
          response: {
            200: kycSubmissionSchema,
            ...problems,
          },
        },
      },
      async (request) => {
        await requirePermission(request, database, 'kyc.review');
        const submission = await repo.submissionById(ctx.db, request.params.id);
        if (!submission) throw new AppError('NOT_FOUND', 'No such submission');
        const files = await repo.filesOf(ctx.db, submission.id);
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
      },
    );

    app.get(
      '/api/v1/staff/kyc/submissions/:id/documents/:role',
      {
        schema: {
          tags: ['staff'],
          summary: 'A document of a submission, for review only; each view is audited (kyc.review)',
          params: idParams.extend({
            role: z.enum(KYC_DOCUMENT_ROLES),
          }),
        },
      },
      async (request, reply) => {
        const session = await requirePermission(request, database, 'kyc.review');
        const file = await kyc.readKycFile(
          ctx,
          request.params.id,
          request.params.role,
          staffActor(request, session.userId),
        );
        return reply
          .type(file.mime)
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header(
            'content-disposition',
            `inline; filename="kyc-${request.params.id}-${request.params.role}.${file.extension}"`,
          )
          .send(file.data);
      },
    );

    app.post(
      '/api/v1/staff/kyc/submissions/:id/approve',
      {
        schema: {
          tags: ['staff'],
          summary: "Approve: opens the customer's current account and tells them (kyc.review)",
          params: idParams,
          response: { 200: z.object({ accountNumber: z.string() }), ...problems },
        },
      },
      async (request) => {
        const session = await requirePermission(request, database, 'kyc.review');
        return kyc.approveKyc(ctx, request.params.id, staffActor(request, session.userId));
      },
    );

    app.post(
      '/api/v1/staff/kyc/submissions/:id/decline',
      {
        schema: {
          tags: ['staff'],
          summary:
            'Decline with a reason the customer will read; they may submit again (kyc.review)',
          params: idParams,
          body: kycDeclineSchema,
          response: { 200: z.object({ status: z.literal('declined') }), ...problems },
        },
      },
      async (request) => {
        const session = await requirePermission(request, database, 'kyc.review');
        await kyc.declineKyc(
          ctx,
          request.params.id,
          request.body.reason,
          staffActor(request, session.userId),
        );
        return { status: 'declined' as const };
      },
    );
  };
