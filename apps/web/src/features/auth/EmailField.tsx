import { TextField, type TextFieldProps } from '../../components/ui/TextField';

/** The required "Email" field every auth form has; pass `register('email')` and its error. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  return <TextField label="Email" type="email" autoComplete="email" required {...props} />;
}
