import { COUNTRIES } from '../../lib/countries';
import { SelectField, type SelectFieldProps } from './SelectField';

/** The Country field (ISO 3166, English names), with the empty "Choose a country" first. */
export function CountrySelect(props: Omit<SelectFieldProps, 'label' | 'children'>) {
  return (
    <SelectField label="Country" autoComplete="country" {...props}>
      <option value="">Choose a country</option>
      {COUNTRIES.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
