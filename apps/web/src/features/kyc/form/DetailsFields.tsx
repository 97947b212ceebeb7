import type { UseQueryResult } from '@tanstack/react-query';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { CountrySelect } from '../../../components/ui/CountrySelect';
import { SelectField } from '../../../components/ui/SelectField';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import type { KycFormValues } from './kyc-form';

/** Country, phone, home address and the kind of document, with their errors. */
export function DetailsFields({
  register,
  errors,
  documentTypes,
  onCountryChange,
}: {
  register: UseFormRegister<KycFormValues>;
  errors: FieldErrors<KycFormValues>;
  documentTypes: UseQueryResult<string[]>;
  /** The phone is read with the country: judged again when the country changes. */
  onCountryChange: () => void;
}) {
  return (
    <>
      <CountrySelect
        required
        error={errors.country?.message}
        {...register('country', { onChange: onCountryChange })}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        hint="With the country code, for example +44 7400 123456."
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextAreaField
        label="Home address"
        autoComplete="street-address"
        required
        error={errors.homeAddress?.message}
        {...register('homeAddress')}
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
        {...register('documentType')}
      >
        <option value="">Choose a document type</option>
        {documentTypes.data?.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      {documentTypes.isError && (
        <div className="flex flex-col gap-3">
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(documentTypes.error)}
          </p>
          <Button
            variant="secondary"
            className="self-start"
            loading={documentTypes.isFetching}
            onClick={() => void documentTypes.refetch()}
          >
            Try again
          </Button>
        </div>
      )}
    </>
  );
}
