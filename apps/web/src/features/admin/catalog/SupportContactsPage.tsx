import { supportContactsSchema, type SupportContacts } from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, api, errorMessage } from '../../../lib/api';
import { queries, queryKeys } from '../../../lib/queries';
import { panelClass } from '../shared/panel';

type Form = Record<keyof SupportContacts, string>;

function ContactsForm({ saved }: { saved: SupportContacts }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Form>({
    whatsapp: saved.whatsapp ?? '',
    email: saved.email ?? '',
    phone: saved.phone ?? '',
  });
  const save = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/staff/catalog/support-contacts', {
        schema: supportContactsSchema,
        body: values,
      }),
    onSuccess: (now) => {
      queryClient.setQueryData(queryKeys.staffSupportContacts, now);
      setValues({ whatsapp: now.whatsapp ?? '', email: now.email ?? '', phone: now.phone ?? '' });
    },
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const set = (field: keyof Form) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form noValidate onSubmit={onSubmit} className={`${panelClass} flex flex-col gap-4`}>
      {save.isSuccess && <Banner tone="success">Published. Customers see these now.</Banner>}
      {save.isError && Object.keys(fieldErrors).length === 0 && (
        <Banner tone="error">{errorMessage(save.error, 'Something went wrong')}</Banner>
      )}
      <TextField
        label="WhatsApp number"
        type="tel"
        hint="International form, starting with +. Leave empty to offer no WhatsApp chat."
        value={values.whatsapp}
        onChange={set('whatsapp')}
        error={fieldErrors.whatsapp}
      />
      <TextField
        label="Support email"
        type="email"
        hint="Leave empty to show no email."
        value={values.email}
        onChange={set('email')}
        error={fieldErrors.email}
      />
      <TextField
        label="Support phone"
        type="tel"
        hint="International form, starting with +. Leave empty to show no phone."
        value={values.phone}
        onChange={set('phone')}
        error={fieldErrors.phone}
      />
      <Button type="submit" className="self-start" loading={save.isPending}>
        Publish
      </Button>
    </form>
  );
}

/** `/admin/catalog/support-contacts`: how customers reach support (catalog.manage, audited). */
export function SupportContactsPage() {
  const contacts = useQuery(queries.staffSupportContacts());
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div>
        <PageHeading title="Support contacts" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          What customers see under Help &amp; Support. Each channel is shown only when it is set.
          Every change is recorded in the audit log.
        </p>
      </div>
      {contacts.data ? (
        <ContactsForm saved={contacts.data} />
      ) : contacts.isError ? (
        <LoadFailed
          error={contacts.error}
          retrying={contacts.isFetching}
          onRetry={() => void contacts.refetch()}
        />
      ) : (
        <Loading label="Loading the contacts…" />
      )}
    </div>
  );
}
