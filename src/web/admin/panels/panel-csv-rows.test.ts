import { describe, expect, it } from 'vitest';
import { ADMIN_PANELS_COLUMNS, encodeCsv } from '../../../domain/csv';
import type { AdminPanel } from '../api/panels-api';
import { adminPanelCsvRows } from './panel-csv-rows';

const panel = (over: Partial<AdminPanel> = {}): AdminPanel => ({
  id: 7,
  email: 'admin0007@panels.example',
  status: 'sold',
  owner: { id: 'u1', email: 'casey@example.com' },
  orderId: 3,
  purchaseDate: '2026-03-03T12:00:00.000Z',
  domains: 699,
  currentMailboxes: 12,
  maxMailboxes: 2000,
  createdAt: '2026-03-01T08:00:00.000Z',
  endedAt: null,
  ...over,
});

describe('adminPanelCsvRows', () => {
  it('writes the documented admin columns, with Max Users last', () => {
    // The whole column list is pinned with the other column sets in src/domain/csv.test.ts.
    expect(ADMIN_PANELS_COLUMNS.at(-1)).toBe('Max Users');
    const rows = adminPanelCsvRows(
      [panel(), panel({ id: 8, status: 'available', owner: null, purchaseDate: null, maxMailboxes: 500 })],
      new Map([
        [7, 'Pnl-1'],
        [8, 'Pnl-2'],
      ]),
    );
    expect(rows).toEqual([
      [7, 'admin0007@panels.example', 'Pnl-1', '2026-03-03T12:00:00.000Z', 'sold', 2000],
      [8, 'admin0007@panels.example', 'Pnl-2', '', 'available', 500],
    ]);
  });

  it('escapes commas, quotes and line breaks in e-mails and passwords (RFC 4180)', () => {
    const text = encodeCsv(
      ADMIN_PANELS_COLUMNS,
      adminPanelCsvRows([panel({ email: 'odd,"name"@x.example' })], new Map([[7, 'p,a"s\ns']])),
    );
    expect(text).toBe(
      'Panel ID,Email,Password,Purchase Date,Status,Max Users\r\n' +
        '7,"odd,""name""@x.example","p,a""s\ns",2026-03-03T12:00:00.000Z,sold,2000',
    );
  });

  it('refuses to write a panel whose password did not come back', () => {
    expect(() => adminPanelCsvRows([panel(), panel({ id: 9 })], new Map([[7, 'x']]))).toThrow(/panel 9/);
  });
});
