import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PANEL_SORTS } from '../../../domain/admin-panel-sort';
import { panels } from '../../db/schema';
import { adminGet, adminKitForSuite, insertPanels } from '../../testing/admin-kit';
import { insertCustomer } from '../../testing/orders';

// The admin panels list's sorts (D11): done by the server, within the same
// paging and browse-depth rules as before. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.

interface Item {
  id: number;
  email: string;
  status: string;
  purchaseDate: string | null;
}

const kit = adminKitForSuite();
let ids: number[];

beforeAll(async () => {
  const owner = await insertCustomer(kit.db, 'sort-owner@example.com');
  // 25 panels in mixed case and statuses; the sold ones bought on distinct days.
  ids = await insertPanels(kit, [
    ...['delta', 'Alpha', 'echo', 'Charlie', 'bravo'].map((name, i) => ({
      email: `${name}${i}@sort.example`,
    })),
    ...Array.from({ length: 12 }, (_, i) => ({
      email: `sold-${String.fromCharCode(109 + (i % 13))}${i}@sort.example`,
      status: 'sold' as const,
      soldTo: owner.id,
    })),
    ...Array.from({ length: 5 }, (_, i) => ({ email: `Zulu${i}@sort.example`, status: 'expired' as const })),
    ...Array.from({ length: 3 }, (_, i) => ({
      email: `yankee${i}@sort.example`,
      status: 'retired' as const,
    })),
  ]);
  const sold = ids.slice(5, 17);
  for (const [i, id] of sold.entries()) {
    // Purchase dates out of id order, so the purchase sorts are not the id order in disguise.
    const day = (i * 7) % 12;
    await kit.db
      .update(panels)
      .set({ purchaseDate: new Date(Date.UTC(2026, 0, 1 + day)) })
      .where(eq(panels.id, id));
  }
});

const page = (query: string): Promise<{ items: Item[]; total: number; pageCount: number }> =>
  adminGet(kit, `/api/admin/panels?${query}`);

/** Every row of a sort, page by page. */
async function everyPage(query: string): Promise<Item[]> {
  const first = await page(query);
  const rows = [...first.items];
  for (let n = 2; n <= first.pageCount; n++) rows.push(...(await page(`${query}&page=${n}`)).items);
  return rows;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET /api/admin/panels?sort=', () => {
  it('pages through every sort without a row twice or missing', async () => {
    for (const sort of ADMIN_PANEL_SORTS) {
      const rows = await everyPage(`sort=${sort}`);
      expect(rows, sort).toHaveLength(25);
      expect(new Set(rows.map((r) => r.id)).size, sort).toBe(25);
    }
  });

  it('sorts by e-mail ignoring case, both ways', async () => {
    const emails = (await everyPage('sort=email_asc')).map((r) => r.email);
    const expected = [...emails].sort((a, b) => byText(a.toLowerCase(), b.toLowerCase()));
    expect(emails).toEqual(expected);
    expect(emails.slice(0, 3)).toEqual([
      'Alpha1@sort.example',
      'bravo4@sort.example',
      'Charlie3@sort.example',
    ]);
    const down = (await everyPage('sort=email_desc')).map((r) => r.email);
    expect(down).toEqual([...expected].reverse());
  });

  it('sorts by status, then by id in the same direction', async () => {
    const up = await everyPage('sort=status_asc');
    expect([...new Set(up.map((r) => r.status))]).toEqual(['available', 'expired', 'retired', 'sold']);
    const available = up.filter((r) => r.status === 'available').map((r) => r.id);
    expect(available).toEqual([...available].sort((a, b) => a - b));
    const down = await everyPage('sort=status_desc');
    expect(down.map((r) => r.id)).toEqual(up.map((r) => r.id).reverse());
  });

  it('sorts by purchase date with never-sold panels last both ways', async () => {
    for (const sort of ['purchase_date_desc', 'purchase_date_asc'] as const) {
      const rows = await everyPage(`sort=${sort}`);
      const dated = rows.filter((r) => r.purchaseDate !== null);
      expect(dated, sort).toHaveLength(12);
      expect(rows.slice(0, 12), sort).toEqual(dated);
      const times = dated.map((r) => Date.parse(r.purchaseDate!));
      const sorted = [...times].sort((a, b) => (sort === 'purchase_date_desc' ? b - a : a - b));
      expect(times, sort).toEqual(sorted);
    }
  });

  it('keeps created order as newest (default) and oldest', async () => {
    expect((await page('')).items.map((r) => r.id)).toEqual([...ids].reverse().slice(0, 10));
    expect((await page('sort=newest')).items.map((r) => r.id)).toEqual([...ids].reverse().slice(0, 10));
    expect((await page('sort=oldest')).items.map((r) => r.id)).toEqual(ids.slice(0, 10));
  });

  it('sorts within a status filter and a search', async () => {
    const sold = await everyPage('status=sold&sort=email_desc');
    expect(sold).toHaveLength(12);
    expect(sold.every((r) => r.status === 'sold')).toBe(true);
    expect(sold.map((r) => r.email)).toEqual(
      [...sold.map((r) => r.email)].sort((a, b) => byText(b.toLowerCase(), a.toLowerCase())),
    );
    const zulu = await page('search=zulu&sort=email_asc');
    expect(zulu.items.map((r) => r.email)).toEqual([0, 1, 2, 3, 4].map((i) => `Zulu${i}@sort.example`));
  });

  it('refuses an unknown sort and keeps the browse depth', async () => {
    for (const query of ['sort=price', 'sort=email', 'sort=email_asc&page=1001']) {
      const res = await kit.admin.get(`/api/admin/panels?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
