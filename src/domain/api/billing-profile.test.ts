import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from '../countries';
import { billingProfileSchema } from './billing-profile';

const base = {
  companyName: 'Acme',
  address: 'Main St 1\n12345 Town',
  country: '',
  taxNumber: '',
  invoiceEmail: '',
};

/** The first message for a field, or null when the profile is accepted. */
function problem(over: Partial<typeof base>, field?: keyof typeof base): string | null {
  const parsed = billingProfileSchema.safeParse({ ...base, ...over });
  if (parsed.success) return null;
  const issue = parsed.error.issues.find((i) => field === undefined || i.path[0] === field);
  return issue?.message ?? null;
}

describe('billing profile', () => {
  it.each([
    ['DE', 'DE123456789'],
    ['FR', 'FR12345678901'],
    ['FR', 'FRXX123456789'],
    ['NL', 'NL123456789B01'],
    ['AT', 'ATU12345678'],
    ['BE', 'BE0123456789'],
    ['ES', 'ESX1234567X'],
    ['IT', 'IT12345678901'],
    ['PL', 'PL1234567890'],
    ['SE', 'SE123456789001'],
    ['GR', 'EL123456789'],
    ['IE', 'IE1234567T'],
    ['DE', 'de 123 456 789'],
  ])('accepts %s VAT number %s', (country, taxNumber) => {
    expect(problem({ country, taxNumber })).toBeNull();
  });

  it.each([
    ['DE', 'DE12345678', 'This is not a valid VAT number for Germany; it looks like DE123456789.'],
    ['DE', '123456789', 'A VAT number from Germany starts with DE, e.g. DE123456789.'],
    ['FR', 'FR1234567890', 'This is not a valid VAT number for France; it looks like FR12345678901.'],
    ['NL', 'NL123456789A01', 'This is not a valid VAT number for Netherlands; it looks like NL123456789B01.'],
    ['NL', 'DE123456789', 'A VAT number from Netherlands starts with NL, e.g. NL123456789B01.'],
    ['AT', 'AT12345678', 'A VAT number from Austria starts with ATU, e.g. ATU12345678.'],
    ['GR', 'GR123456789', 'A VAT number from Greece starts with EL, e.g. EL123456789.'],
  ])('refuses %s VAT number %s', (country, taxNumber, message) => {
    expect(problem({ country, taxNumber }, 'taxNumber')).toBe(message);
  });

  it('takes any tax number outside the EU, but wants its country', () => {
    expect(problem({ country: 'US', taxNumber: '12-3456789' })).toBeNull();
    expect(problem({ country: 'GB', taxNumber: 'GB123456789' })).toBeNull();
    expect(problem({ country: 'CH', taxNumber: 'CHE-123.456.789 MWST' })).toBeNull();
    expect(problem({ taxNumber: '12-3456789' }, 'country')).toBe('Choose the country of this VAT number.');
  });

  it.each(['XX', 'EU', 'Germany', 'D', 'UK'])('refuses country %s', (country) => {
    expect(problem({ country }, 'country')).toBe('Choose a country from the list.');
  });

  it('accepts every listed country, in any case, and none', () => {
    for (const { code } of countryOptions()) expect(problem({ country: code.toLowerCase() })).toBeNull();
    expect(problem({ country: '' })).toBeNull();
    expect(countryName('DE')).toBe('Germany');
  });

  it('checks the invoice e-mail and keeps the address to four lines', () => {
    expect(problem({ invoiceEmail: 'ap@acme.example' })).toBeNull();
    expect(problem({ invoiceEmail: 'not-an-email' }, 'invoiceEmail')).toBe('Enter a valid email address.');
    expect(problem({ address: 'a\nb\nc\nd\ne' }, 'address')).toBe('Address must be at most 4 lines.');
    expect(billingProfileSchema.parse({ ...base, address: ' a \n\n b ' }).address).toBe('a\nb');
    expect(problem({ companyName: 'x'.repeat(121) }, 'companyName')).toBe(
      'Company name must be at most 120 characters.',
    );
    expect(problem({ extra: 'x' } as never)).not.toBeNull();
  });
});
