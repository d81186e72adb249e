import { describe, expect, it } from 'vitest';
import { creditNoteRef, displayName, invoiceLabel, ordinal, plural, userInitial } from './format';

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
