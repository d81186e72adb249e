import { countryOptions } from '../../domain/countries';
import { FormField } from './form-field';
import { fieldControlClasses } from './input';

const COUNTRIES = countryOptions();

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
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
