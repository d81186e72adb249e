import { z } from 'zod';
import { countryCodeSchema, emailSchema } from '../account-schemas';
import { euVatProblem, isEuCountry, normaliseTaxNumber } from '../countries';
import { labelledLine } from '../input-bounds';

/*
 * The customer's billing profile (GET/PUT /api/me/billing-profile): who invoices are made out
 * to. One schema for the form and the server; what it accepts is what invoices print.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
export const BILLING_ADDRESS_MAX_LINES = 4;

export const billingProfileSchema = z
  .strictObject({
    companyName: labelledLine('Company name', 120),
    /** Street, city and postcode as they go on the invoice, one per line. */
    address: z
      .string()
      .trim()
      .max(300, 'Address must be at most 300 characters.')
      .refine((v) => !CONTROL.test(v), 'Address contains characters that are not allowed.')
      .transform((v) =>
        v
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter((l) => l !== '')
          .join('\n'),
      )
      .refine(
        (v) => v.split('\n').length <= BILLING_ADDRESS_MAX_LINES,
        `Address must be at most ${BILLING_ADDRESS_MAX_LINES} lines.`,
      ),
    country: countryCodeSchema,
    taxNumber: labelledLine('VAT number', 30).transform(normaliseTaxNumber),
    /** Gets every invoice and credit note as a PDF (0013); empty for none. */
    invoiceEmail: z
      .string()
      .trim()
      .refine((v) => v === '' || emailSchema.safeParse(v).success, 'Enter a valid email address.')
      .transform((v) => v.toLowerCase()),
  })
  .superRefine((v, ctx) => {
    if (v.taxNumber !== '' && v.country === '')
      ctx.addIssue({ code: 'custom', path: ['country'], message: 'Choose the country of this VAT number.' });
    if (v.taxNumber !== '' && isEuCountry(v.country)) {
      const problem = euVatProblem(v.country, v.taxNumber);
      if (problem) ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: problem });
    }
  });
export type BillingProfile = z.output<typeof billingProfileSchema>;

export const billingProfileResponseSchema = z.object({
  companyName: z.string(),
  address: z.string(),
  country: z.string(),
  taxNumber: z.string(),
  invoiceEmail: z.string(),
});

export const EMPTY_BILLING_PROFILE: BillingProfile = {
  companyName: '',
  address: '',
  country: '',
  taxNumber: '',
  invoiceEmail: '',
};

/** How the customer's new orders are taxed (GET /api/me/tax): what the order page shows before payment. */
export const taxTreatmentSchema = z.object({
  rateBasisPoints: z.number().int().nonnegative(),
  reverseCharge: z.boolean(),
});
