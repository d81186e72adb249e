import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditNoteRef,
  displayName,
  formatCents,
  formatCentsExact,
  groupDigits,
  invoiceLabel,
  ordinal,
  plural,
  userInitial,
} from './format';

// What the formatters wrote before they were written out without Intl, and must still write.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const count = new Intl.NumberFormat('en-US');

describe('numbers and dollars, as en-US writes them', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [-1234567, '-1,234,567'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('groups the digits of %d by thousands: %s', (n, text) => {
    expect(groupDigits(n)).toBe(text);
  });

  it('writes every safe integer and every amount of cents as Intl does', () => {
    const integer = fc.oneof(
      fc.integer({ min: -100_000, max: 100_000 }),
      fc.maxSafeInteger(),
      fc.maxSafeNat(),
    );
    fc.assert(
      fc.property(integer, (n) => {
        expect(groupDigits(n)).toBe(count.format(n));
        const whole = Math.round(n);
        // Past 10^13 cents Intl's own division by 100 loses the last cent; ours does not.
        if (whole === 0 || Math.abs(whole) > 1e13) return;
        expect(formatCents(n)).toBe(
          whole % 100 === 0 ? usdWhole.format(whole / 100) : usd.format(whole / 100),
        );
        expect(formatCentsExact(n)).toBe(usd.format(whole / 100));
      }),
      { numRuns: 2_000 },
    );
  });

  it('rounds fractions of a cent, drops zero cents only where whole dollars read better', () => {
    expect(formatCents(290_000)).toBe('$2,900');
    expect(formatCents(290_050)).toBe('$2,900.50');
    expect(formatCents(1999.6)).toBe('$20');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(0)).toBe('$0');
    // Intl writes '-$0' here; nothing owes nothing.
    expect(formatCents(-0.4)).toBe('$0');
    expect(formatCentsExact(290_000)).toBe('$2,900.00');
    expect(formatCentsExact(7)).toBe('$0.07');
    expect(groupDigits(1234.5)).toBe(count.format(1234.5));
  });
});

describe('invoiceLabel', () => {
  it('pads to 4 digits', () => {
    expect(invoiceLabel(1)).toBe('INV-0001');
    expect(invoiceLabel(42)).toBe('INV-0042');
    expect(invoiceLabel(9999)).toBe('INV-9999');
    expect(invoiceLabel(12345)).toBe('INV-12345');
    expect(invoiceLabel(0)).toBe('INV-0000');
  });

  it('rejects non-integers and negatives', () => {
    expect(() => invoiceLabel(-1)).toThrow(RangeError);
    expect(() => invoiceLabel(1.5)).toThrow(RangeError);
  });
});

describe('creditNoteRef', () => {
  it('links a numbered credit note by its printed number, and nothing else', () => {
    expect(creditNoteRef({ id: 7, number: 3 })).toEqual({ id: 7, label: 'CN-0003' });
    expect(creditNoteRef({ id: 7, number: null })).toBeNull();
    expect(creditNoteRef(null)).toBeNull();
  });
});

describe('displayName', () => {
  it('prefers the trimmed metadata name', () => {
    expect(displayName({ name: '  Ada Lovelace ', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('falls back to the e-mail local part', () => {
    expect(displayName({ name: '   ', email: 'grace.hopper@example.com' })).toBe('grace.hopper');
    expect(displayName({ name: null, email: 'x@y.z' })).toBe('x');
    expect(displayName({ email: 'no-at-sign' })).toBe('no-at-sign');
  });

  it("ends with 'User'", () => {
    expect(displayName({})).toBe('User');
    expect(displayName({ email: '@example.com' })).toBe('User');
    expect(displayName({ name: '', email: '' })).toBe('User');
  });
});

describe('userInitial', () => {
  it('upper-cases the first character', () => {
    expect(userInitial('ada')).toBe('A');
    expect(userInitial('  bob')).toBe('B');
    expect(userInitial('😀 smile')).toBe('😀');
    expect(userInitial('')).toBe('U');
  });
});

describe('ordinal', () => {
  it('says 1st, 2nd, 3rd, 4th, and 11th to 13th as English does', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
});

describe('plural', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(plural(1, 'admin panel')).toBe('1 admin panel');
    expect(plural(0, 'admin panel')).toBe('0 admin panels');
    expect(plural(3, 'admin panel')).toBe('3 admin panels');
    expect(plural(1.5, 'day')).toBe('1.5 days');
  });

  it('takes an irregular plural, or a noun with its verb', () => {
    expect(plural(1, 'mailbox', 'mailboxes')).toBe('1 mailbox');
    expect(plural(2, 'mailbox', 'mailboxes')).toBe('2 mailboxes');
    expect(plural(1, 'panel is', 'panels are')).toBe('1 panel is');
    expect(plural(4, 'panel is', 'panels are')).toBe('4 panels are');
  });

  it('groups thousands', () => {
    expect(plural(12000, 'seat')).toBe('12,000 seats');
  });
});
