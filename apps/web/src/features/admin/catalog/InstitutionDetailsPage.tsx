import { institutionDetailsInputSchema } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { CountrySelect } from '../../../components/ui/CountrySelect';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import { queries } from '../../../lib/queries';
import { panelClass } from '../shared/panel';
import { useSaveInstitutionDetails } from './api/funding-catalog';
import { isProposal, PendingChange } from './PendingChange';
import { StatusMessage } from './StatusMessage';

const FIELDS = ['swiftCode', 'routingNumber', 'country', 'postalAddress'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (details: { [K in Field]: string | null }): Values => ({
  swiftCode: details.swiftCode ?? '',
  routingNumber: details.routingNumber ?? '',
  country: details.country ?? '',
  postalAddress: details.postalAddress ?? '',
});

/** The details as the API takes them: an empty field is null (customers then see n/a). */
const bodyOf = (values: Values) => ({
  swiftCode: values.swiftCode.trim() || null,
  routingNumber: values.routingNumber.trim() || null,
  country: values.country || null,
  postalAddress: values.postalAddress.trim() || null,
});

function DetailsForm({ initial }: { initial: Values }) {
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveInstitutionDetails();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<string | null>(null);
  const fromServer = fieldErrorsIn(save.error, FIELDS);
  const shown = { ...fromServer, ...errors };
  const unplaced =
    save.error && Object.keys(fromServer).length === 0 ? errorMessage(save.error) : null;

  const focusField = (name: Field | undefined) => {
    if (name) formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  };
  useEffect(() => {
    if (save.error instanceof ApiError) focusField(FIELDS.find((f) => fromServer[f]));
    // When a new refusal arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [save.error]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const body = bodyOf(values);
    // The contract's own checks first, in the server's words, on the field.
    const checked = institutionDetailsInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      focusField(FIELDS.find((f) => found[f]));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: (saved) => {
        if (isProposal(saved)) {
          setStatus(
            'Sent for approval: customers keep seeing the current details under Add funds until another staff member approves the change.',
          );
          return;
        }
        // As kept: a SWIFT code typed in small letters comes back in capitals.
        setValues(valuesOf(saved));
        setStatus('Nothing to change: customers already see these details under Add funds.');
      },
    });
  }

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <StatusMessage>{status}</StatusMessage>
      {unplaced && <Banner tone="error">{unplaced}</Banner>}
      <TextField
        name="swiftCode"
        label="SWIFT code"
        value={values.swiftCode}
        error={shown.swiftCode}
        hint="8 or 11 letters and digits; leave empty to show n/a"
        maxLength={11}
        autoComplete="off"
        spellCheck={false}
        className="uppercase"
        onChange={(e) => change('swiftCode', e.target.value)}
      />
      <TextField
        name="routingNumber"
        label="Routing number"
        value={values.routingNumber}
        error={shown.routingNumber}
        hint="9 digits; leave empty to show n/a"
        maxLength={9}
        inputMode="numeric"
        autoComplete="off"
        onChange={(e) => change('routingNumber', e.target.value)}
      />
      <CountrySelect
        name="country"
        label="Country"
        value={values.country}
        error={shown.country}
        hint="Leave on Choose a country to show n/a"
        onChange={(e) => change('country', e.target.value)}
      />
      <TextAreaField
        name="postalAddress"
        label="Postal address"
        value={values.postalAddress}
        error={shown.postalAddress}
        hint="One line each; printed under the bank's name on statements and receipts"
        rows={3}
        maxLength={300}
        autoComplete="off"
        onChange={(e) => change('postalAddress', e.target.value)}
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
  const pending = useQuery(queries.staffCatalogPending());
  const waiting = pending.data?.find((change) => change.section === 'institution');
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <PageHeading title="Institution details" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Shown to customers under Add funds, Institutional Transfer, with their own username and
          account number (the postal address is printed on statements and receipts). A detail left
          empty is shown as n/a. A change waits for a second staff member to approve it: they decide
          where other banks send customers&rsquo; money.
        </p>
      </div>
      {waiting && <PendingChange change={waiting} level={2} />}
      <section className={panelClass} aria-label="Institution details">
        {details.isPending ? (
          <Loading label="Loading the details…" />
        ) : details.data ? (
          <DetailsForm initial={valuesOf(details.data)} />
        ) : (
          <LoadFailed
            error={details.error}
            retrying={details.isFetching}
            onRetry={() => void details.refetch()}
          />
        )}
      </section>
    </div>
  );
}
