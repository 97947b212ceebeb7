import { Controller, type Control, type UseFormTrigger } from 'react-hook-form';
import { FileField } from '../../../components/ui/FileField';
import { DOCUMENT_INPUTS, type KycFormValues } from './kyc-form';

/**
 * The three documents. A file is checked as soon as it is chosen (too large, or none), and a
 * server's refusal of a file (`body.pic`...) shows on that file's field.
 */
export function DocumentFields({
  control,
  trigger,
  disabled,
}: {
  control: Control<KycFormValues>;
  trigger: UseFormTrigger<KycFormValues>;
  disabled: boolean;
}) {
  return DOCUMENT_INPUTS.map(({ name, label, accept, hint }) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FileField
          ref={field.ref}
          name={field.name}
          label={label}
          accept={accept}
          hint={hint}
          file={field.value ?? null}
          onFile={(file) => {
            field.onChange(file ?? undefined);
            void trigger(name);
          }}
          error={fieldState.error?.message}
          disabled={disabled}
          required
        />
      )}
    />
  ));
}
