import { z } from 'zod';
import { emailSchema } from '../../account-schemas';
import { DEFAULT_DOMAINS, USERS_PER_PANEL } from '../../constants';

/**
 * What an admin may put into stock, by hand or by CSV import (the same rules and words).
 * Limits: domains 1-10,000 (a panel ships with 699 by default) and max mailboxes 1-100,000
 * (2,000 by default); anything outside is a typo, not a panel.
 */
export const PANEL_LIMITS = {
  domains: { min: 1, max: 10_000 },
  maxMailboxes: { min: 1, max: 100_000 },
  passwordMaxLength: 200,
} as const;

export const PANEL_MESSAGES = {
  missingEmail: 'Missing e-mail.',
  badEmail: 'Not a valid e-mail address.',
  missingPassword: 'Missing password.',
  longPassword: `Password is longer than ${PANEL_LIMITS.passwordMaxLength} characters.`,
  // A panel password is typed into a login form: a line break or control character in it is
  // a broken cell (often a stray quote in the file), never the real password.
  controlInPassword: 'Password contains a line break or another control character.',
  domains: `domains must be a whole number from ${PANEL_LIMITS.domains.min} to ${PANEL_LIMITS.domains.max.toLocaleString('en-US')}.`,
  maxMailboxes: `max_mailboxes must be a whole number from ${PANEL_LIMITS.maxMailboxes.min} to ${PANEL_LIMITS.maxMailboxes.max.toLocaleString('en-US')}.`,
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Kept exactly as given (no trimming): it is someone else's password. */
export const panelPasswordSchema = z
  .string()
  .refine((v) => v.trim() !== '', PANEL_MESSAGES.missingPassword)
  .refine((v) => v.length <= PANEL_LIMITS.passwordMaxLength, PANEL_MESSAGES.longPassword)
  .refine((v) => !CONTROL_CHARACTERS.test(v), PANEL_MESSAGES.controlInPassword);

/** A whole number within `limits`, with the one message that names the field's range. */
const wholeWithin = (limits: { min: number; max: number }, message: string) =>
  z.number().int(message).min(limits.min, message).max(limits.max, message);

export const newPanelSchema = z.strictObject({
  email: emailSchema,
  password: panelPasswordSchema,
  domains: wholeWithin(PANEL_LIMITS.domains, PANEL_MESSAGES.domains).default(DEFAULT_DOMAINS),
  maxMailboxes: wholeWithin(PANEL_LIMITS.maxMailboxes, PANEL_MESSAGES.maxMailboxes).default(USERS_PER_PANEL),
});

export type NewPanel = z.output<typeof newPanelSchema>;
