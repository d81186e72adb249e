import { z } from 'zod';

// The bounds every id and free text a client sends is held to (D14: bad input is a 4xx,
// never a 500). Without them a request reaches PostgreSQL with a value it refuses outright
// (an id above the `integer` range, a NUL byte in `text`) and the refusal surfaces as a 500.

/** The largest value of PostgreSQL's `integer`, the type of every row id (docs/decisions/0002-ids-and-money.md). */
export const MAX_ROW_ID = 2_147_483_647;

const ROW_ID_MESSAGE = `Not a valid id: a whole number from 1 to ${MAX_ROW_ID}.`;

/** A row id in a JSON body (orders, payments, panels, refund requests). */
export const rowIdSchema = z
  .number({ error: ROW_ID_MESSAGE })
  .int(ROW_ID_MESSAGE)
  .min(1, ROW_ID_MESSAGE)
  .max(MAX_ROW_ID, ROW_ID_MESSAGE);

/** A row id in a path or query string, where it arrives as text. */
export const rowIdParamSchema = z.coerce
  .number({ error: ROW_ID_MESSAGE })
  .int(ROW_ID_MESSAGE)
  .min(1, ROW_ID_MESSAGE)
  .max(MAX_ROW_ID, ROW_ID_MESSAGE);

/** `{ id }` path parameters. */
export const idParamsSchema = z.strictObject({ id: rowIdParamSchema });

// C0 and C1 control characters and DEL. PostgreSQL cannot store NUL in text at all; the
// others are never part of a search, a token or an id, only of a broken or hostile request.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// Free text typed into a text area keeps its tabs and line breaks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Contains a control character (such as NUL), which is not allowed.';

/** Whether text is free of control characters (tabs and line breaks allowed when multiline). */
export function isSafeText(text: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(text);
}

/** One line of a form field, trimmed; its messages name the field as the form labels it. */
export function labelledLine(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => isSafeText(v), `${label} contains characters that are not allowed.`);
}

export interface SafeTextOptions {
  /** Allow tabs and line breaks (a message, a reason); otherwise one plain line. */
  multiline?: boolean;
  /** Trim surrounding white space before the other checks. */
  trim?: boolean;
  /** At least this many characters (after trimming). */
  min?: number;
  /** Custom words for the length limits. */
  messages?: { tooLong?: string; tooShort?: string };
}

/**
 * Text a client sends (a search, a token, a note): at most `max` characters and free of
 * control characters. Every free-text input of the API uses it, so none is unbounded.
 */
export function safeText(max: number, options: SafeTextOptions = {}) {
  let text = options.trim ? z.string().trim() : z.string();
  if (options.min) {
    text = text.min(options.min, options.messages?.tooShort ?? `Must be at least ${options.min} characters.`);
  }
  return text
    .max(max, options.messages?.tooLong ?? `Must be at most ${max} characters.`)
    .refine((value) => isSafeText(value, options), CONTROL_CHARACTERS_MESSAGE);
}
