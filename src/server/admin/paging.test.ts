import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminKitForSuite } from '../testing/admin-kit';
import { EXACT_COUNT_LIMIT, MAX_BROWSE_ROWS } from './paging';

const MANY = EXACT_COUNT_LIMIT + 2000;

const kit = adminKitForSuite();
beforeAll(async () => {
  // Set-based, like the scale bench: one ciphertext copied, e-mails numbered.
  const password = kit.cipher.encrypt('bulk');
  await kit.db.execute(sql`
    insert into admin_panel_inventory (email, password, status)
    select 'bulk' || g || '@scale.example', ${password}, case when g % 10 = 0 then 'sold' else 'available' end
    from generate_series(1, ${MANY}) g`);
  await kit.db.execute(sql`analyze admin_panel_inventory`);
});

describe('totals and depth beyond 10,000 rows', () => {
  it('estimates a large total from the statistics and caps the pages at the browse depth', async () => {
    const res = await kit.admin.get('/api/admin/panels');
    const page = res.json();
    expect(page.totalIsEstimate).toBe(true);
    expect(page.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(page.total - MANY)).toBeLessThan(MANY * 0.05);
    expect(page.pageCount).toBe(MAX_BROWSE_ROWS / 10);
    expect(page.items[0].email).toBe(`bulk${MANY}@scale.example`);

    const deepest = (await kit.admin.get(`/api/admin/panels?page=${page.pageCount}`)).json();
    expect(deepest.items).toHaveLength(10);
    expect(deepest.items[9].email).toBe(`bulk${MANY - MAX_BROWSE_ROWS + 1}@scale.example`);
    expect((await kit.admin.get(`/api/admin/panels?page=${page.pageCount + 1}`)).statusCode).toBe(400);
  });

  it('keeps totals exact at or under 10,000 matches', async () => {
    const sold = (await kit.admin.get('/api/admin/panels?status=sold')).json();
    expect(sold).toMatchObject({ total: Math.floor(MANY / 10), totalIsEstimate: false });
    const search = (await kit.admin.get('/api/admin/panels?search=bulk1000')).json();
    // bulk1000, bulk10000..bulk10009
    expect(search).toMatchObject({ total: 11, totalIsEstimate: false, pageCount: 2 });
  });

  it('marks estimated stat cards', async () => {
    const stats = (await kit.admin.get('/api/admin/stats')).json();
    expect(stats.totalPanels.exact).toBe(false);
    expect(stats.activePanels).toEqual({ value: Math.floor(MANY / 10), exact: true });
  });
});
