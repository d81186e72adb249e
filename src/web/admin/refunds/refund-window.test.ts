import { describe, expect, it } from 'vitest';
import { refundWindowText } from './refund-window';

/** The window of an order paid at 10:00 UTC on March 1st (or never paid), read at `now`. */
const windowAt = (now: string, paidAt: string | null = '2026-03-01T10:00:00.000Z') =>
  refundWindowText(paidAt, new Date(now));

describe('refundWindowText', () => {
  it('counts the days left of the 14-day window', () => {
    expect(windowAt('2026-03-01T18:00:00.000Z')).toEqual({ text: 'Paid today · 14 days left', open: true });
    expect(windowAt('2026-03-02T10:00:00.000Z')).toEqual({
      text: 'Paid 1 day ago · 13 days left',
      open: true,
    });
    expect(windowAt('2026-03-14T12:00:00.000Z')).toEqual({
      text: 'Paid 13 days ago · 1 day left',
      open: true,
    });
  });

  it('says when the window has closed', () => {
    expect(windowAt('2026-03-15T10:00:00.000Z')).toEqual({
      text: 'Paid 14 days ago: past the 14-day window',
      open: false,
    });
  });

  it('has words for an order that was never paid', () => {
    expect(windowAt('2026-03-15T10:00:00.000Z', null)).toEqual({ text: 'Not paid', open: false });
  });
});
