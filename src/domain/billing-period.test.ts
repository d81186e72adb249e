import { describe, expect, it } from 'vitest';
import { addMonth } from './billing-period';

const at = (iso: string) => new Date(iso);

describe('addMonth', () => {
  it('keeps the day and the time of day', () => {
    expect(addMonth(at('2025-03-15T10:30:00.000Z')).toISOString()).toBe('2025-04-15T10:30:00.000Z');
  });

  it('crosses the year', () => {
    expect(addMonth(at('2025-12-10T00:00:00.000Z')).toISOString()).toBe('2026-01-10T00:00:00.000Z');
  });

  it('runs a day the next month lacks over into the month after, as every recorded period did', () => {
    expect(addMonth(at('2025-01-31T12:00:00.000Z')).toISOString()).toBe('2025-03-03T12:00:00.000Z');
    expect(addMonth(at('2024-01-31T12:00:00.000Z')).toISOString()).toBe('2024-03-02T12:00:00.000Z');
    expect(addMonth(at('2024-01-29T12:00:00.000Z')).toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(addMonth(at('2025-03-31T00:00:00.000Z')).toISOString()).toBe('2025-05-01T00:00:00.000Z');
  });

  it('ends a month on the last day when the next month has it', () => {
    expect(addMonth(at('2025-02-28T00:00:00.000Z')).toISOString()).toBe('2025-03-28T00:00:00.000Z');
    expect(addMonth(at('2025-07-31T23:59:59.999Z')).toISOString()).toBe('2025-08-31T23:59:59.999Z');
  });

  it('is in UTC: a time just after midnight UTC stays on its UTC day', () => {
    expect(addMonth(at('2025-04-30T00:30:00.000Z')).toISOString()).toBe('2025-05-30T00:30:00.000Z');
  });

  it('returns a new date and leaves its argument alone', () => {
    const start = at('2025-05-05T00:00:00.000Z');
    const next = addMonth(start);
    expect(next).not.toBe(start);
    expect(start.toISOString()).toBe('2025-05-05T00:00:00.000Z');
  });
});
