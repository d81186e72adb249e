import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PANELS_PAGE_SIZE } from '../../../domain/constants';
import { panels } from '../../db/schema';
import {
  adminGet,
  adminKitForSuite,
  insertPaidOrder,
  insertPanels,
  orderStatus,
} from '../../testing/admin-kit';
import { auditEntries } from '../../testing/audit';
import { insertCustomer } from '../../testing/orders';

const kit = adminKitForSuite();
let customer: { id: string; email: string };
let ids: number[];

beforeAll(async () => {
  customer = await insertCustomer(kit.db, 'owner@example.com');
  // 23 panels: 12 available, 6 sold to one customer, 3 expired, 2 retired; a few findable names.
  ids = await insertPanels(kit, [
    ...Array.from({ length: 12 }, (_, i) => ({ email: `stock${i}@alpha.example` })),
    ...Array.from({ length: 6 }, (_, i) => ({
      email: `sold${i}@beta.example`,
      status: 'sold' as const,
      soldTo: customer.id,
    })),
    ...Array.from({ length: 3 }, (_, i) => ({ email: `old${i}@gamma.example`, status: 'expired' as const })),
    { email: 'retired0@delta.example', status: 'retired' },
    { email: 'odd_name%1@delta.example', status: 'retired', password: 'old-secret' },
  ]);
});

const list = (query = '') => adminGet(kit, `/api/admin/panels${query}`);

describe('GET /api/admin/panels', () => {
  it('serves 10 per page, newest first, with an exact total, and no passwords', async () => {
    const first = await list();
    expect(first.pageSize).toBe(ADMIN_PANELS_PAGE_SIZE);
    expect(first.items).toHaveLength(10);
    expect(first).toMatchObject({ page: 1, total: 23, totalIsEstimate: false, pageCount: 3 });
    expect(first.items.map((p: { id: number }) => p.id)).toEqual([...ids].reverse().slice(0, 10));
    for (const item of first.items) expect(item).not.toHaveProperty('password');

    const last = await list('?page=3');
    expect(last.items.map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 3).reverse());
    const oldest = await list('?sort=oldest');
    expect(oldest.items[0].id).toBe(ids[0]);
  });

  it('filters by the real status and shows the owner of sold panels', async () => {
    const sold = await list('?status=sold');
    expect(sold.total).toBe(6);
    expect(sold.pageCount).toBe(1);
    expect(sold.items.every((p: { status: string }) => p.status === 'sold')).toBe(true);
    expect(sold.items[0].owner).toEqual({ id: customer.id, email: 'owner@example.com' });
    expect((await list('?status=available')).items[0].owner).toBeNull();
    expect((await list('?status=retired')).total).toBe(2);
    expect((await list('?status=expired')).total).toBe(3);
  });

  it('searches e-mail fragments (case-insensitive, wildcards literal) and ids, combined with status', async () => {
    expect((await list('?search=BETA.exa')).total).toBe(6);
    expect((await list('?search=beta&status=available')).total).toBe(0);
    const literal = await list(`?search=${encodeURIComponent('_name%')}`);
    expect(literal.items.map((p: { email: string }) => p.email)).toEqual(['odd_name%1@delta.example']);
    // '%' and '_' are not wildcards: 'e%1' does not match 'stock1@...'.
    expect((await list(`?search=${encodeURIComponent('k%1')}`)).total).toBe(0);
    const byId = await list(`?search=${ids[4]}`);
    expect(byId.items.map((p: { id: number }) => p.id)).toEqual([ids[4]]);
  });

  it('refuses unusable queries with a clear 400', async () => {
    const short = await kit.admin.get('/api/admin/panels?search=ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Type at least 3 characters to search.');
    const deep = await kit.admin.get('/api/admin/panels?page=1001');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.message).toContain('Pages beyond 1000 are not listed');
    expect((await kit.admin.get('/api/admin/panels?status=lost')).statusCode).toBe(400);
    const unknown = await kit.admin.get('/api/admin/panels?limit=1000000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown field: limit.');
  });
});

describe('POST /api/admin/panels/reveal', () => {
  it('decrypts the asked passwords and records who saw which', async () => {
    const res = await kit.admin.post('/api/admin/panels/reveal', { ids: [ids[22], ids[0], 999_999] });
    expect(res.statusCode).toBe(200);
    expect(res.json().passwords).toEqual([
      { id: ids[0], password: 'pw-0' },
      { id: ids[22], password: 'old-secret' },
    ]);
    const [entry] = await auditEntries(kit.db, 'panels.revealed');
    expect(entry).toMatchObject({ actorId: kit.adminUser.id, actorEmail: 'boss@example.com' });
    expect(entry?.details).toEqual({ ids: [ids[0], ids[22]], scope: 'selection' });
    expect(JSON.stringify(entry)).not.toContain('old-secret');
  });

  it('reveals at most 100 at a time', async () => {
    const res = await kit.admin.post('/api/admin/panels/reveal', {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Reveal at most 100 panels at a time.');
  });
});

describe('POST /api/admin/panels', () => {
  it('adds one panel with defaults, the password encrypted at rest', async () => {
    const res = await kit.admin.post('/api/admin/panels', {
      email: ' New.Panel@Epsilon.example ',
      password: 'S3cret, "quoted"',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const [row] = await kit.db.select().from(panels).where(eq(panels.id, id));
    expect(row).toMatchObject({
      email: 'new.panel@epsilon.example',
      status: 'available',
      domains: 699,
      maxMailboxes: 2000,
    });
    expect(row?.password).not.toContain('S3cret');
    expect(kit.cipher.decrypt(row!.password)).toBe('S3cret, "quoted"');
    const [entry] = await auditEntries(kit.db, 'inventory.added', id);
    expect(JSON.stringify(entry?.details)).not.toContain('S3cret');
  });

  it('refuses a duplicate e-mail (any case) with a clear 409, and bad input with a 400', async () => {
    const dup = await kit.admin.post('/api/admin/panels', { email: 'STOCK3@alpha.example', password: 'x' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(
      `A panel with the e-mail stock3@alpha.example is already in stock (panel #${ids[3]}).`,
    );
    const bad = await kit.admin.post('/api/admin/panels', { email: 'nope', password: 'x' });
    expect(bad.statusCode).toBe(400);
    const range = await kit.admin.post('/api/admin/panels', {
      email: 'r@x.example',
      password: 'x',
      domains: 0,
    });
    expect(range.json().error.message).toContain('domains must be a whole number from 1 to 10,000.');
    const empty = await kit.admin.post('/api/admin/panels', { email: 'r@x.example', password: '  ' });
    expect(empty.json().error.message).toContain('Missing password.');
  });
});

describe('POST /api/admin/panels/:id/restock', () => {
  it('puts a retired panel back with a new password and clears its old owner', async () => {
    const retired = ids[21]!;
    await kit.db.update(panels).set({ soldTo: customer.id }).where(eq(panels.id, retired));
    const res = await kit.admin.post(`/api/admin/panels/${retired}/restock`, { password: 'fresh-pass' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await kit.db.select().from(panels).where(eq(panels.id, retired));
    expect(row).toMatchObject({ status: 'available', soldTo: null, orderId: null, purchaseDate: null });
    expect(kit.cipher.decrypt(row!.password)).toBe('fresh-pass');
    const [entry] = await auditEntries(kit.db, 'inventory.restocked', retired);
    expect(entry?.details).toMatchObject({ previousOwnerId: customer.id });
  });

  it('refuses a panel that is not retired, and an unknown one', async () => {
    const sold = await kit.admin.post(`/api/admin/panels/${ids[12]}/restock`, { password: 'x' });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().error.message).toBe(
      `Only retired panels can be restocked; panel #${ids[12]} is sold.`,
    );
    expect((await kit.admin.post('/api/admin/panels/999999/restock', { password: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('fills a waiting order from the restocked panel (D7)', async () => {
    // Take every available panel out of the way so the waiting order depends on the restock.
    await kit.db.update(panels).set({ status: 'expired' }).where(eq(panels.status, 'available'));
    const { order, customer: buyer } = await insertPaidOrder(kit, { quantity: 1 });
    const res = await kit.admin.post(`/api/admin/panels/${ids[22]}/restock`, { password: 'rotated' });
    expect(res.json().filledOrders).toEqual([{ orderId: order.id, assignedNow: 1, completed: true }]);
    expect(await orderStatus(kit.db, order.id)).toBe('completed');
    await kit.t.drainOutbox();
    expect(kit.t.mailer.lastTo(buyer.email)?.subject).toBe('Your 1 admin panel is ready');
  });
});
