import { kycSubmittedSchema, type kycDetailsSchema } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { uploadForm } from '../../../lib/upload';

/** The form fields that carry files, named as the server reads them. */
export const KYC_FILE_FIELDS = ['pic', 'idcardFront', 'idcardBack'] as const;
export type KycFileField = (typeof KYC_FILE_FIELDS)[number];

export type KycUpload = z.input<typeof kycDetailsSchema> & Record<KycFileField, File>;

/** Sends the details and documents as multipart; `onProgress` gets the percentage uploaded. */
export function submitKyc(submission: KycUpload, onProgress?: (percent: number) => void) {
  const form = new FormData();
  for (const field of ['country', 'phone', 'homeAddress', 'documentType'] as const) {
    form.append(field, submission[field]);
  }
  for (const field of KYC_FILE_FIELDS) form.append(field, submission[field]);
  return uploadForm('/api/v1/kyc/submission', form, kycSubmittedSchema, onProgress);
}

export function useSubmitKyc(onProgress: (percent: number) => void) {
  return useMutation({
    mutationFn: (submission: KycUpload) => submitKyc(submission, onProgress),
  });
}
