import { countryOptions } from '../../domain/countries';
import { FormField } from './form-field';
import { fieldControlClasses } from './input';
import { SelectOptions } from './select-options';

const COUNTRIES = countryOptions().map(({ code, name }) => ({ value: code, label: name }));

/**
 * The country as the billing details keep it (an ISO code), chosen from the list: one control
 * for the profile page and the billing details, which edit the same field.
 */
export function CountrySelect({
  id,
  label = 'Country',
  value,
  onChange,
  error,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | undefined;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(describedBy) => (
        <select
          id={id}
          name="country"
          autoComplete="country"
          value={value}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={fieldControlClasses}
        >
          <option value="">Not set</option>
          <SelectOptions options={COUNTRIES} />
        </select>
      )}
    </FormField>
  );
}
