import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants';
import { isCountryCode } from './countries';
import { labelledLine } from './input-bounds';

/**
 * Inputs of the account screens, shared by the forms and the server. The server applies
 * them before anything reaches the auth library or the database.
 */

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(128, 'Password must be at most 128 characters.');

export const fullNameSchema = labelledLine('Full Name', 100).pipe(
  z.string().min(1, 'Full Name is required.'),
);

export const registerSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
});

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required.').max(128, 'Password must be at most 128 characters.'),
});

export const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

/** A country as the billing details keep it: an ISO 3166-1 alpha-2 code, or empty. */
export const countryCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || isCountryCode(v), 'Choose a country from the list.');

/**
 * Company and country are the billing details' own fields, shown and edited here too: one
 * place each, which invoices read (docs/decisions/0013-invoices-and-tax.md).
 */
export const profileSchema = z.strictObject({
  fullName: fullNameSchema,
  companyName: labelledLine('Company or Organization', 120),
  phone: labelledLine('Phone Number', 40),
  country: countryCodeSchema,
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The new passwords do not match.',
    path: ['confirmPassword'],
  });

export const settingsSchema = z.strictObject({
  emailNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  orderUpdates: z.boolean(),
  sessionTimeout: z.boolean(),
});
export type UserSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: UserSettings = {
  emailNotifications: true,
  marketingEmails: false,
  orderUpdates: true,
  sessionTimeout: true,
};

/** The settings an account saved (read from a row that holds more), or the defaults if it never saved any. */
export function savedSettings(row: UserSettings | null | undefined): UserSettings {
  if (!row) return { ...DEFAULT_SETTINGS };
  const { emailNotifications, marketingEmails, orderUpdates, sessionTimeout } = row;
  return { emailNotifications, marketingEmails, orderUpdates, sessionTimeout };
}

export const deleteAccountSchema = z.strictObject({ confirmEmail: z.string().trim().max(254) });

/** The signed-in user as the web app sees it (docs/product.md §3, "Session user"). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** False after the address's first proof removed a password set before it (auth/address-proof.ts). */
  hasPassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
