import { institutionDetailsSchema } from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { cardClass } from '../../../components/ui/card';
import { CountrySelect } from '../../../components/ui/CountrySelect';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { TextField } from '../../../components/ui/TextField';
import { api, ApiError, errorMessage } from '../../../lib/api';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import { queries, queryKeys } from '../../../lib/queries';
import { StatusMessage } from './StatusMessage';

type Values = { swiftCode: string; routingNumber: string; country: string };

function DetailsForm({ initial }: { initial: Values }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [status, setStatus] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api('PUT', '/api/v1/staff/catalog/institution', {
        body: {
          swiftCode: values.swiftCode.trim() || null,
          routingNumber: values.routingNumber.trim() || null,
          country: values.country || null,
        },
        schema: institutionDetailsSchema,
      }),
    onSuccess: () => setStatus('Saved. Customers see these details under Add funds.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staffInstitution }),
  });
  const errors = fieldErrorsIn(save.error, ['swiftCode', 'routingNumber', 'country']);
  function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    save.mutate();
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <StatusMessage>{status}</StatusMessage>
      {save.error instanceof ApiError && Object.keys(errors).length === 0 && (
        <Banner tone="error">{errorMessage(save.error)}</Banner>
      )}
      <TextField
        label="SWIFT code"
        value={values.swiftCode}
        error={errors.swiftCode}
        hint="8 or 11 characters; leave empty to show n/a"
        autoComplete="off"
        onChange={(e) => setValues({ ...values, swiftCode: e.target.value })}
      />
      <TextField
        label="Routing number"
        value={values.routingNumber}
        error={errors.routingNumber}
        hint="9 digits; leave empty to show n/a"
        inputMode="numeric"
        autoComplete="off"
        onChange={(e) => setValues({ ...values, routingNumber: e.target.value })}
      />
      <CountrySelect
        label="Country"
        value={values.country}
        error={errors.country}
        onChange={(e) => setValues({ ...values, country: e.target.value })}
      />
      <div>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** `/admin/catalog/institution`: the bank's details customers give to institutions paying them. */
export function InstitutionDetailsPage() {
  const details = useQuery(queries.staffInstitution());
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <PageHeading title="Institution details" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Shown to customers under Add funds, Institutional Transfer, with their own username and
          account number.
        </p>
      </div>
      <section className={cardClass} aria-label="Institution details">
        {details.data ? (
          <DetailsForm
            initial={{
              swiftCode: details.data.swiftCode ?? '',
              routingNumber: details.data.routingNumber ?? '',
              country: details.data.country ?? '',
            }}
          />
        ) : details.isError ? (
          <LoadFailed
            error={details.error}
            retrying={details.isFetching}
            onRetry={() => void details.refetch()}
          />
        ) : (
          <Loading label="Loading the details…" />
        )}
      </section>
    </div>
  );
}
