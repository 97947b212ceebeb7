import { COUNTRIES } from '../../lib/countries';
import { SelectField, type SelectFieldProps } from './SelectField';

/** The Country field (ISO 3166, English names), with the empty "Choose a country" first. */
export function CountrySelect({
  label = 'Country',
  ...props
}: Omit<SelectFieldProps, 'label' | 'children'> & { label?: string }) {
  return (
    <SelectField label={label} autoComplete="country" {...props}>
      <option value="">Choose a country</option>
      {COUNTRIES.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
