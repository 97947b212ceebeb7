import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { uploadForm } from '../../../lib/upload';

export interface KycSubmission {
  country: string;
  phone: string;
  homeAddress: string;
  documentType: string;
  pic: File;
  idcardFront: File;
  idcardBack: File;
}

/** Sends the documents as multipart; `onProgress` gets the percentage uploaded. */
export async function submitKyc(
  submission: KycSubmission,
  onProgress?: (percent: number) => void,
): Promise<{ next: 'kyc_review' }> {
  const form = new FormData();
  form.append('country', submission.country);
  form.append('phone', submission.phone);
  form.append('homeAddress', submission.homeAddress);
  form.append('documentType', submission.documentType);
  form.append('pic', submission.pic);
  form.append('idcardFront', submission.idcardFront);
  form.append('idcardBack', submission.idcardBack);
  const { status, body } = await uploadForm('/api/v1/kyc/submission', form, onProgress);
  if (status < 200 || status >= 300) throw ApiError.fromProblem(status, body);
  return body as { next: 'kyc_review' };
}

export function useSubmitKyc(onProgress: (percent: number) => void) {
  return useMutation({
    mutationFn: (submission: KycSubmission) => submitKyc(submission, onProgress),
  });
}
