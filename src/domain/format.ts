// Small display helpers shared by web and server (docs/product.md §3, §9; D4).

const FALLBACK_NAME = 'User';

/**
 * Digits grouped by thousands as en-US writes them: '1,200'. Written out for safe integers, the
 * only counts and cents we show: a page's first Intl number format loads the engine's locale
 * data, a long task of its own on a phone, and the storefront paid it during its first paint
 * (docs/performance.md). Anything else goes to Intl.
 */
export function groupDigits(n: number): string {
  return Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');
}

/** US dollars from whole cents, '-$' before a negative amount as en-US writes it. */
function dollars(cents: number, keepZeroCents: boolean): string {
  const abs = Math.abs(cents);
  const rest = abs % 100;
  const tail = rest === 0 && !keepZeroCents ? '' : `.${String(rest).padStart(2, '0')}`;
  return `${cents < 0 ? '-' : ''}$${groupDigits(Math.floor(abs / 100))}${tail}`;
}

/** '$2,900' for whole dollars, '$2,900.50' otherwise, so plan prices read cleanly. */
export function formatCents(cents: number): string {
  return dollars(Math.round(cents), false);
}

/** '$2,900.00': always to the cent, for a charge computed to the cent (pro rata). */
export function formatCentsExact(cents: number): string {
  return dollars(Math.round(cents), true);
}

/**
 * A count with its noun in the right number: plural(1, 'admin panel') is '1 admin panel',
 * plural(3, 'admin panel') '3 admin panels', plural(1200, 'mailbox', 'mailboxes') '1,200 mailboxes'.
 * The noun may carry its verb: plural(n, 'panel is', 'panels are').
 */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${groupDigits(n)} ${n === 1 ? singular : pluralForm}`;
}

/** 'INV-0001'; numbers wider than 4 digits are kept whole ('INV-12345'). */
const ordinals = new Intl.PluralRules('en-US', { type: 'ordinal' });
const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1st, 2nd, 3rd, 4th, 11th, 21st ... */
export function ordinal(n: number): string {
  return `${n}${ORDINAL_SUFFIX[ordinals.select(n)] ?? 'th'}`;
}

export function invoiceLabel(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Invalid invoice number: ${n}`);
  return `INV-${String(n).padStart(4, '0')}`;
}

/** CN-0001: a credit note's number as printed (docs/decisions/0013). */
export function creditNoteLabel(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Invalid credit note number: ${n}`);
  return `CN-${String(n).padStart(4, '0')}`;
}

/**
 * A payment's credit note as a history line links it, or null: none issued, or its number not
 * given yet (it is given as the issuing transaction commits).
 */
export function creditNoteRef(
  note: { id: number; number: number | null } | null | undefined,
): { id: number; label: string } | null {
  return note?.number == null ? null : { id: note.id, label: creditNoteLabel(note.number) };
}

export interface NameSource {
  readonly name?: string | null | undefined;
  readonly email?: string | null | undefined;
}

/** Metadata name, else the e-mail's local part, else 'User' (docs/product.md §3). */
export function displayName({ name, email }: NameSource): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  const local = email?.split('@')[0]?.trim();
  return local || FALLBACK_NAME;
}

/** First character, upper-cased; iterates code points so an emoji is not split in half. */
export function userInitial(name: string): string {
  const [first] = Array.from(name.trim());
  return (first ?? FALLBACK_NAME.charAt(0)).toUpperCase();
}

/**
 * The one casing rule of badges: sentence case ('processing' reads 'Processing'). Only the first
 * letter changes, so a fixed text ('Most Popular') and a name inside keep theirs.
 */
export function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
