import { describe, expect, it } from 'vitest';
import type { ActivePanel } from '../api/dashboard-api';
import { datesOf, panelRenewalView, panelsFor } from './panel-views';

const NOW = new Date('2026-03-03T12:00:00.000Z');
const END = '2026-04-01T12:00:00.000Z';

const panel = (over: Partial<ActivePanel> = {}): ActivePanel => ({
  id: 7,
  orderId: 3,
  email: 'admin0007@panels.example',
  purchaseDate: '2026-03-01T12:00:00.000Z',
  status: 'active',
  domains: 699,
  currentMailboxes: 0,
  maxMailboxes: 2000,
  replacementsUsed: 0,
  cancelAtPeriodEnd: false,
  renewsAt: END,
  endsAt: null,
  resumable: false,
  ...over,
});

describe("a panel's renewal on the dashboard", () => {
  it('renews with its order and offers a cancel', () => {
    expect(panelRenewalView(panel(), NOW)).toEqual({ text: 'Renews Apr 1, 2026', offers: 'cancel' });
  });

  it('says its renewal is due once the date passed unpaid (past due), and still offers a cancel', () => {
    expect(panelRenewalView(panel(), new Date(END))).toEqual({
      text: 'Renewal due Apr 1, 2026',
      offers: 'cancel',
    });
  });

  it('once canceled, ends on its period end and offers a resume until then', () => {
    const canceled = panel({ cancelAtPeriodEnd: true, renewsAt: null, endsAt: END, resumable: true });
    expect(panelRenewalView(canceled, NOW)).toEqual({ text: 'Ends Apr 1, 2026', offers: 'resume' });
    expect(panelRenewalView(canceled, new Date(END))).toEqual({ text: 'Expired', offers: null });
  });

  it('offers no resume once a renewal was paid without it (its end is fixed)', () => {
    const fixed = panel({ cancelAtPeriodEnd: true, renewsAt: null, endsAt: END, resumable: false });
    expect(panelRenewalView(fixed, NOW)).toEqual({ text: 'Ends Apr 1, 2026', offers: null });
    expect(panelsFor('resume', [fixed], NOW)).toEqual([]);
  });

  it('acts on the panels of a selection the action applies to', () => {
    const renewing = panel({ id: 1 });
    const canceled = panel({ id: 2, cancelAtPeriodEnd: true, renewsAt: null, endsAt: END, resumable: true });
    expect(panelsFor('cancel', [renewing, canceled], NOW).map((p) => p.id)).toEqual([1]);
    expect(panelsFor('resume', [renewing, canceled], NOW).map((p) => p.id)).toEqual([2]);
  });

  it('names each date once', () => {
    expect(datesOf([END, END, null])).toBe('Apr 1, 2026');
    expect(datesOf(['2026-05-02T12:00:00.000Z', END])).toBe('Apr 1, 2026 or May 2, 2026');
  });
});
