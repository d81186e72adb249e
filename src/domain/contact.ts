// The contact form (D10): one schema for the browser and the server, so both reject the same
// input with the same words.

import { z } from 'zod';
import { isSafeText } from './input-bounds';

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/** Header fields must stay on one line: a newline there could inject mail headers. */
const singleLine = (label: string, max: number) =>
  z
    .string({ error: `Please enter your ${label}.` })
    .trim()
    .min(1, { error: `Please enter your ${label}.` })
    .max(max, { error: `Your ${label} must be at most ${max} characters.` })
    .regex(/^[^\r\n]*$/, { error: `Your ${label} must be on one line.` })
    .refine((v) => isSafeText(v), { error: `Your ${label} contains characters that are not allowed.` });

export const contactRequestSchema = z.strictObject({
  name: singleLine('name', CONTACT_LIMITS.name),
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .max(CONTACT_LIMITS.email, { error: 'Please enter a valid email address.' })
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
  subject: singleLine('subject', CONTACT_LIMITS.subject),
  message: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, { error: 'Please enter a message.' })
    .max(CONTACT_LIMITS.message, {
      error: `Your message must be at most ${CONTACT_LIMITS.message} characters.`,
    })
    .refine((v) => isSafeText(v, { multiline: true }), {
      error: 'Your message contains characters that are not allowed.',
    }),
});

export type ContactRequest = z.output<typeof contactRequestSchema>;
export type ContactField = keyof ContactRequest;

export const CONTACT_SENT = 'Message sent';
export function contactSentDescription(email: string): string {
  return `Thank you. Our support team will reply to ${email}, normally within 24 business hours.`;
}
export const CONTACT_RATE_LIMITED =
  'You have sent several messages in a short time. Please wait an hour before sending another, or email us directly.';
export const CONTACT_SEND_FAILED =
  'We could not send your message just now. Please try again in a few minutes, or email us directly.';
