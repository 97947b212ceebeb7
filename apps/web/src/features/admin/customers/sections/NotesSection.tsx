import { newCustomerNoteSchema, type CustomerNote } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../../../components/ui/Banner';
import { Button } from '../../../../components/ui/Button';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { errorMessage } from '../../../../lib/api';
import { applyFieldErrors } from '../../../../lib/apply-field-errors';
import { mutedClass, When } from '../../shared/cells';
import { panelClass } from '../../shared/panel';
import { customerQueries, useAddNote } from '../api';
import { PagedList } from '../PagedList';
import { SectionFrame } from './SectionFrame';

/**
 * Staff's internal notes on the customer: newest first, kept for good (never edited or deleted;
 * a correction is a new note), each audited; the customer never sees them.
 */
export function NotesSection({ customerId }: { customerId: string }) {
  const notes = useInfiniteQuery(customerQueries.list(customerId, 'notes'));
  const add = useAddNote(customerId);
  const [added, setAdded] = useState(0);
  const form = useForm({
    resolver: zodResolver(newCustomerNoteSchema),
    defaultValues: { body: '' },
  });
  const submit = form.handleSubmit(({ body }) =>
    add.mutate(body, {
      onSuccess: () => {
        form.reset({ body: '' });
        setAdded((n) => n + 1);
      },
      onError: (error) => applyFieldErrors(error, ['body'], form.setError),
    }),
  );
  return (
    <SectionFrame
      title="Internal notes"
      intro="Staff only: the customer never sees these. A note cannot be changed or removed; correct one with a new note."
    >
      <form noValidate onSubmit={submit} className={`flex flex-col gap-3 ${panelClass}`}>
        {add.isError && !form.formState.errors.body && (
          <Banner tone="error">{errorMessage(add.error)}</Banner>
        )}
        {added > 0 && !add.isError && (
          <Banner key={added} tone="success">
            Note added.
          </Banner>
        )}
        <TextAreaField
          label="New note"
          required
          maxLength={2000}
          error={form.formState.errors.body?.message}
          {...form.register('body')}
        />
        <Button type="submit" loading={add.isPending} className="self-start">
          Add note
        </Button>
      </form>
      <PagedList query={notes} loadingLabel="Loading the notes…" empty="No note yet.">
        {(items: CustomerNote[]) => (
          <ul className="flex flex-col gap-2" aria-label="Notes">
            {items.map((note) => (
              <li key={note.id} className={panelClass}>
                <p className="whitespace-pre-line">{note.body}</p>
                <p className={`mt-1 text-sm ${mutedClass}`}>
                  {note.author}, <When iso={note.createdAt} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </SectionFrame>
  );
}
