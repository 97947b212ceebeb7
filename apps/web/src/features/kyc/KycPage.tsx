import { KYC_MAX_FILE_BYTES } from '@bank/contract';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { FileField } from '../../components/ui/FileField';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { ApiError, errorMessage } from '../../lib/api';
import { useDelayedNavigate } from '../auth/useDelayedNavigate';
import { useDocumentTypes } from './api/document-types';
import { useSubmitKyc } from './api/submit-kyc';
import { COUNTRIES } from '../../lib/countries';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';
const ID_TYPES = `${IMAGE_TYPES},application/pdf`;
const MAX_MB = Math.round(KYC_MAX_FILE_BYTES / (1024 * 1024));

type FileKey = 'pic' | 'idcardFront' | 'idcardBack';
const FILE_INPUTS: { key: FileKey; label: string; accept: string; role: string }[] = [
  { key: 'pic', label: 'A photo of yourself', accept: IMAGE_TYPES, role: 'photo' },
  { key: 'idcardFront', label: 'ID front', accept: ID_TYPES, role: 'id_front' },
  { key: 'idcardBack', label: 'ID back', accept: ID_TYPES, role: 'id_back' },
];
const TEXT_FIELDS = ['country', 'phone', 'homeAddress', 'documentType'] as const;

interface KycFields {
  country: string;
  phone: string;
  homeAddress: string;
  documentType: string;
}

interface KycState {
  status?: string;
  declineReason?: string | null;
}

function fileError(file: File | null): string | undefined {
  if (!file) return 'Choose a file';
  if (file.size > KYC_MAX_FILE_BYTES) return `The file is too large: the limit is ${MAX_MB} MB`;
  return undefined;
}

/** Identity verification: details and three documents, uploaded with progress (SPEC section 4). */
export function KycPage() {
  const state = (useLocation().state ?? {}) as KycState;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<KycFields>({
    defaultValues: { country: '', phone: '', homeAddress: '', documentType: '' },
  });
  const documentTypes = useDocumentTypes();
  const [files, setFiles] = useState<Record<FileKey, File | null>>({
    pic: null,
    idcardFront: null,
    idcardBack: null,
  });
  const [fileErrors, setFileErrors] = useState<Partial<Record<FileKey, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const submit = useSubmitKyc(setProgress);
  const navigateLater = useDelayedNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);

  function chooseFile(key: FileKey, file: File | null) {
    setFiles((current) => ({ ...current, [key]: file }));
    const tooLarge = file && file.size > KYC_MAX_FILE_BYTES ? fileError(file) : undefined;
    setFileErrors((current) => ({ ...current, [key]: tooLarge }));
  }

  function checkFiles(): boolean {
    const found: Partial<Record<FileKey, string>> = {};
    for (const { key } of FILE_INPUTS) found[key] = fileError(files[key]);
    setFileErrors(found);
    return Object.values(found).every((message) => !message);
  }

  function showServerError(error: unknown) {
    if (error instanceof ApiError && error.status === 401) {
      setSessionEnded(true);
      return;
    }
    let placed = false;
    if (error instanceof ApiError) {
      for (const field of TEXT_FIELDS) {
        const message = error.fieldErrors[field];
        if (message) {
          setError(field, { type: 'server', message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      const found: Partial<Record<FileKey, string>> = {};
      for (const { key, role } of FILE_INPUTS) {
        const message = error.fieldErrors[role] ?? error.fieldErrors[key];
        if (message) {
          found[key] = message;
          placed = true;
        }
      }
      setFileErrors(found);
    }
    if (!placed) setFailure(errorMessage(error));
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setFailure(null);
    setSessionEnded(false);
    const filesOk = checkFiles();
    void handleSubmit((values) => {
      if (!filesOk || !files.pic || !files.idcardFront || !files.idcardBack) return;
      setProgress(0);
      submit.mutate(
        { ...values, pic: files.pic, idcardFront: files.idcardFront, idcardBack: files.idcardBack },
        {
          onSuccess: () => navigateLater('/auth/account/under-review'),
          onError: showServerError,
          onSettled: () => setProgress(null),
        },
      );
    })(event);
  };

  const busy = submit.isPending || submit.isSuccess;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Identity verification</h1>
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
        <SelectField
          label="Country"
          autoComplete="country"
          required
          error={errors.country?.message}
          {...register('country', { required: 'Choose your country from the list' })}
        >
          <option value="">Choose a country</option>
          {COUNTRIES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          error={errors.phone?.message}
          {...register('phone', {
            required: 'Enter your phone number',
            minLength: { value: 5, message: 'Enter your phone number' },
            maxLength: { value: 30, message: 'The phone number is too long' },
          })}
        />
        <TextAreaField
          label="Home address"
          autoComplete="street-address"
          required
          error={errors.homeAddress?.message}
          {...register('homeAddress', {
            validate: (value) => value.trim().length >= 5 || 'Enter your home address',
            maxLength: { value: 300, message: 'The address is too long' },
          })}
        />
        <SelectField
          label="Document type"
          required
          disabled={!documentTypes.isSuccess}
          aria-busy={documentTypes.isPending || undefined}
          hint={
            documentTypes.isPending
              ? 'Loading document types…'
              : documentTypes.isError
                ? 'The document types could not be loaded.'
                : undefined
          }
          error={errors.documentType?.message}
          {...register('documentType', { required: 'Choose a document type' })}
        >
          <option value="">Choose a document type</option>
          {documentTypes.data?.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        {documentTypes.isError && (
          <div className="flex items-center gap-3">
            <Banner tone="error">{errorMessage(documentTypes.error)}</Banner>
            <Button variant="secondary" onClick={() => void documentTypes.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {FILE_INPUTS.map(({ key, label, accept }) => (
          <FileField
            key={key}
            name={key}
            label={label}
            accept={accept}
            hint={`JPEG, PNG or WebP${accept === ID_TYPES ? ', or PDF' : ''}; up to ${MAX_MB} MB.`}
            file={files[key]}
            onFile={(file) => chooseFile(key, file)}
            error={fileErrors[key]}
            disabled={busy}
            required
          />
        ))}
        {progress !== null && (
          <div className="flex items-center gap-3">
            <progress
              aria-label="Upload progress"
              max={100}
              value={progress}
              className="h-2 flex-1"
            />
            <span aria-live="polite">{progress}%</span>
          </div>
        )}
        <Button type="submit" loading={submit.isPending} disabled={submit.isSuccess}>
          Submit
        </Button>
      </form>
    </div>
  );
}
