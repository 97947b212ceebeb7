import { newDocumentTypeSchema } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useAddDocumentType } from './api/document-types';
import { StatusMessage } from './StatusMessage';

/** Adds a document type to the catalog; it is offered to customers at once. */
export function AddDocumentTypeForm() {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(newDocumentTypeSchema), defaultValues: { name: '' } });
  const add = useAddDocumentType();
  const [added, setAdded] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setAdded(null);
    setFailure(null);
    add.mutate(values, {
      onSuccess: (type) => {
        // Ready for the next one (focus first: reset forgets the field until it renders again);
        // the status region announces this one.
        setFocus('name');
        reset();
        setAdded(`${type.name} is now offered to customers.`);
      },
      onError: (error) => {
        // e.g. the name is taken: said on the field itself, which takes the focus.
        if (!applyFieldErrors(error, ['name'], setError)) setFailure(errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <StatusMessage>{added}</StatusMessage>
      {failure && <Banner tone="error">{failure}</Banner>}
      <TextField
        label="Name"
        hint="As customers will see it, e.g. National ID card. 2 to 60 characters."
        required
        maxLength={60}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <Button type="submit" className="self-start" loading={add.isPending}>
        Add
      </Button>
    </form>
  );
}
