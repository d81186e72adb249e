import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_COLUMNS, ADMIN_PANELS_COLUMNS, csvDate } from '../../domain/csv';
import { orders } from '../db/schema';
import { adminKitForSuite, insertPanels } from '../testing/admin-kit';
import { auditEntries } from '../testing/audit';
import { insertCustomer, insertPendingOrder } from '../testing/orders';
import { EXPORT_BATCH_SIZE } from './csv-stream';

const kit = adminKitForSuite();
let owner: { id: string; email: string };
let tricky: number[];
beforeAll(async () => {
  owner = await insertCustomer(kit.db, 'owner@export.example');
  // Passwords that need RFC 4180 quoting: comma, quote, line breaks (legacy data can hold any).
  tricky = await insertPanels(kit, [
    { email: 'comma@tricky.example', password: 'a,b' },
    { email: 'quote@tricky.example', password: 'say "hi"', status: 'sold', soldTo: owner.id },
    { email: 'newline@tricky.example', password: 'line1\r\nline2\nline3', status: 'retired' },
  ]);
});

async function download(url: string) {
  const res = await kit.admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('GET /api/admin/panels/export', () => {
  it('streams the documented columns with RFC 4180 escaping and the documented file name, audit-logged', async () => {
    const res = await download('/api/admin/panels/export?search=tricky.exa');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="admin_panels_export_${csvDate(new Date())}.csv"`,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Panel ID,Email,Password,Purchase Date,Status,Max Users');
    expect(lines[1]).toBe(`${tricky[2]},newline@tricky.example,"line1`);
    expect(res.body).toContain(`${tricky[1]},quote@tricky.example,"say ""hi""",`);
    expect(res.body).toContain(`${tricky[0]},comma@tricky.example,"a,b",,available,2000`);

    const rows: string[][] = parse(res.body);
    expect(rows[0]).toEqual([...ADMIN_PANELS_COLUMNS]);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual([
      [String(tricky[2]), 'newline@tricky.example', 'line1\r\nline2\nline3'],
      [String(tricky[1]), 'quote@tricky.example', 'say "hi"'],
      [String(tricky[0]), 'comma@tricky.example', 'a,b'],
    ]);
    expect(rows[2]?.[3]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['retired', 'sold', 'available']);

    const entry = (await auditEntries(kit.db, 'panels.exported')).at(-1);
    expect(entry).toMatchObject({ actorId: kit.adminUser.id, targetType: 'panel' });
    expect(entry?.details).toEqual({ scope: 'all matching', search: 'tricky.exa', status: null });
  });

  it('streams every matching row once across keyset batches, newest first, filtered', async () => {
    const bulk = await insertPanels(
      kit,
      Array.from({ length: EXPORT_BATCH_SIZE * 2 + 37 }, (_, i) => ({
        email: `bulk${i}@many.example`,
        status: i % 3 === 0 ? ('expired' as const) : ('available' as const),
      })),
    );
    const rows: string[][] = parse((await download('/api/admin/panels/export?search=many.example')).body);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([...bulk].reverse());
    const expired: string[][] = parse(
      (await download('/api/admin/panels/export?search=many.example&status=expired')).body,
    );
    expect(expired).toHaveLength(1 + bulk.filter((_, i) => i % 3 === 0).length);
    expect(expired.slice(1).every((r) => r[4] === 'expired')).toBe(true);
  });

  it('answers a filter that matches nothing with the header row alone', async () => {
    const res = await download('/api/admin/panels/export?search=nothing-like-this');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe(ADMIN_PANELS_COLUMNS.join(','));
  });
});

describe('GET /api/admin/orders/export', () => {
  it('streams Order ID, User ID, Quantity, Total Price ($), Order Date, Status', async () => {
    const { order } = await insertPendingOrder(kit.db, owner.id, { quantity: 3, totalCents: 95_050 });
    await kit.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    const other = await insertCustomer(kit.db, 'other@export.example');
    const { order: pending } = await insertPendingOrder(kit.db, other.id, { quantity: 1 });

    const res = await download('/api/admin/orders/export');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders_export_${csvDate(new Date())}.csv"`,
    );
    const rows: string[][] = parse(res.body);
    expect(rows[0]).toEqual([...ADMIN_ORDERS_COLUMNS]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[5]])).toEqual([
      [String(pending.id), other.id, '1', '500.00', 'pending_payment'],
      [String(order.id), owner.id, '3', '950.50', 'completed'],
    ]);
    expect(rows[1]?.[4]).toBe(pending.createdAt.toISOString());

    const filtered: string[][] = parse((await download('/api/admin/orders/export?status=completed')).body);
    expect(filtered.slice(1).map((r) => r[0])).toEqual([String(order.id)]);
    const entry = (await auditEntries(kit.db, 'orders.exported')).at(-1);
    expect(entry?.details).toEqual({ scope: 'all matching', search: null, status: 'completed' });
  });

  it('answers a filter that matches nothing with the header row alone', async () => {
    const res = await download('/api/admin/orders/export?search=nobody-ordered-this');
    expect(res.body).toBe(ADMIN_ORDERS_COLUMNS.join(','));
  });
});
