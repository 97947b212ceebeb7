import type { KycPrevious } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate';
import { ApiError, errorMessage } from '../../lib/api';
import { applyFieldErrors, fieldNamedIn } from '../../lib/apply-field-errors';
import { VIA_FLOW } from '../../lib/flow-state';
import { queries } from '../../lib/queries';
import { useSubmitKyc } from './api/submit-kyc';
import { DetailsFields } from './form/DetailsFields';
import { DocumentFields } from './form/DocumentFields';
import {
  KYC_FORM_FIELDS,
  kycFormSchema,
  type KycFormOutput,
  type KycFormValues,
} from './form/kyc-form';
import { UploadProgress } from '../../components/ui/UploadProgress';
import { PageHeading } from '../../components/ui/PageHeading';

const EMPTY = { country: '', phone: '', homeAddress: '', documentType: '' };

/**
 * The details of the last submission (after a decline), ready for the form. A document type
 * no longer offered is left for the customer to choose again; files are never kept.
 */
function usePrefill(previous: KycPrevious['previous'] | undefined, offered: string[] | undefined) {
  return useMemo(() => {
    if (!previous) return undefined;
    const { documentType, ...details } = previous;
    return { ...details, documentType: offered?.includes(documentType) ? documentType : '' };
  }, [previous, offered]);
}

interface KycState {
  status?: string;
  declineReason?: string | null;
}

/** Identity verification: details and three documents, uploaded with progress (SPEC section 4). */
export function KycPage() {
  const state = (useLocation().state ?? {}) as KycState;
  const documentTypes = useQuery(queries.kycDocumentTypes());
  const previous = useQuery(queries.kycPrevious());
  const prefill = usePrefill(previous.data, documentTypes.data);
  const {
    register,
    control,
    trigger,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<KycFormValues, unknown, KycFormOutput>({
    resolver: zodResolver(kycFormSchema),
    defaultValues: EMPTY,
  });
  const [progress, setProgress] = useState<number | null>(null);
  const submit = useSubmitKyc(setProgress);
  const navigateLater = useDelayedNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    setSessionEnded(false);
    setProgress(0);
    submit.mutate(values, {
      onSuccess: () => navigateLater('/auth/account/under-review', { state: VIA_FLOW }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) setSessionEnded(true);
        else if (!applyFieldErrors(error, KYC_FORM_FIELDS, setError, { shouldFocus: false })) {
          setFailure(errorMessage(error));
        }
      },
      onSettled: () => setProgress(null),
    });
  });

  // What the customer sent last time fills the form when it arrives, never over what they have
  // typed since.
  useEffect(() => {
    if (prefill) reset(prefill, { keepDirtyValues: true });
  }, [prefill, reset]);

  // The fields are disabled while the upload runs, so a refused one takes the focus only once
  // the page shows them enabled again.
  useEffect(() => {
    const refused = fieldNamedIn(submit.error, KYC_FORM_FIELDS);
    if (refused) setFocus(refused);
  }, [submit.error, setFocus]);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageHeading title="Identity verification" />
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          We need a few details and documents before we can open your account.
        </p>
      </div>
      {state.status === 'declined' && (
        <Banner tone="error">
          Your last submission was declined
          {state.declineReason ? `: ${state.declineReason}` : '.'} Please submit again.
        </Banner>
      )}
      {prefill && !submit.isSuccess && (
        <Banner tone="info">
          We have filled in the details you sent last time. Check them, then choose your documents
          again.
        </Banner>
      )}
      {submit.isSuccess && (
        <Banner tone="success">Action Successful! Your documents were received.</Banner>
      )}
      {failure && <Banner tone="error">{failure}</Banner>}
      {sessionEnded && (
        <Banner tone="error">
          Your session has ended. Please sign in again.{' '}
          <Link to="/auth/signin" className="font-semibold underline">
            Sign in
          </Link>
        </Banner>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <DetailsFields
          register={register}
          errors={errors}
          documentTypes={documentTypes}
          onCountryChange={() => {
            if (isSubmitted) void trigger('phone');
          }}
        />
        <DocumentFields
          control={control}
          trigger={trigger}
          disabled={submit.isPending || submit.isSuccess}
        />
        {progress !== null && <UploadProgress percent={progress} />}
        <Button type="submit" loading={submit.isPending} disabled={submit.isSuccess}>
          Submit
        </Button>
      </form>
    </div>
  );
}
