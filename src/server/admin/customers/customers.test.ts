import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_WORKSPACE_MEMBERS_SHOWN } from '../../../domain/constants';
import { orders, payments, user, workspaces } from '../../db/schema';
import { TEST_PASSWORD } from '../../testing/accounts';
import { adminKitForSuite, insertPanels } from '../../testing/admin-kit';
import { auditEntries } from '../../testing/audit';
import { insertCustomer, insertPendingOrder } from '../../testing/orders';
import { TestClient } from '../../testing/test-app';
import { addMember } from '../../testing/workspaces';

const kit = adminKitForSuite();
let dana: { id: string; email: string };
beforeAll(async () => {
  dana = await insertCustomer(kit.db, 'dana@buyers.example');
  await kit.db.update(user).set({ name: 'Dana Scully' }).where(eq(user.id, dana.id));
  for (const cents of [50_000, 95_000]) {
    const { order } = await insertPendingOrder(kit.db, dana.id, { totalCents: cents });
    await kit.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    await kit.db.insert(payments).values({
      orderId: order.id,
      userId: dana.id,
      amountCents: cents,
      status: cents === 50_000 ? 'completed' : 'refunded',
      method: 'card',
      provider: 'sandbox',
      providerChargeId: `ch_${order.id}`,
    });
    await insertPanels(kit, [{ status: 'sold', soldTo: dana.id, orderId: order.id }]);
  }
  await insertPanels(kit, [{ status: 'retired', soldTo: dana.id }]);
  for (let i = 0; i < 11; i++) await insertCustomer(kit.db, `filler${i}@crowd.example`);
});

describe('GET /api/admin/customers', () => {
  it('pages users 10 at a time, newest first, searchable by e-mail or name, with their figures', async () => {
    const first = (await kit.admin.get('/api/admin/customers')).json();
    // boss, carol, dana and 11 fillers.
    expect(first).toMatchObject({ total: 14, pageSize: 10, pageCount: 2, totalIsEstimate: false });
    expect(first.items).toHaveLength(10);

    const byName = (await kit.admin.get('/api/admin/customers?search=scully')).json();
    expect(byName.items).toEqual([
      expect.objectContaining({
        id: dana.id,
        email: 'dana@buyers.example',
        name: 'Dana Scully',
        role: 'user',
        orderCount: 2,
        panelCount: 2,
        totalSpentCents: 50_000,
      }),
    ]);
    expect((await kit.admin.get('/api/admin/customers?search=crowd.example')).json().total).toBe(11);
    expect((await kit.admin.get('/api/admin/customers?role=admin')).json().items).toEqual([
      expect.objectContaining({ email: 'boss@example.com', role: 'admin' }),
    ]);
    expect((await kit.admin.get(`/api/admin/customers?search=${dana.id}`)).json().total).toBe(1);
  });

  it("shows one customer's orders and panels (every status)", async () => {
    const res = await kit.admin.get(`/api/admin/customers/${dana.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.customer).toMatchObject({
      email: 'dana@buyers.example',
      orderCount: 2,
      totalSpentCents: 50_000,
    });
    expect(detail.orders.map((o: { delivered: number }) => o.delivered)).toEqual([1, 1]);
    expect(detail.panels.map((p: { status: string }) => p.status).sort()).toEqual([
      'retired',
      'sold',
      'sold',
    ]);
    expect((await kit.admin.get('/api/admin/customers/nobody')).statusCode).toBe(404);
  });
});

describe("a customer's workspaces in GET /api/admin/customers/:id", () => {
  it('names the first members of a large one, the owner first, and counts them all', async () => {
    const people = [];
    for (let i = 0; i < ADMIN_WORKSPACE_MEMBERS_SHOWN + 5; i++) {
      people.push(await insertCustomer(kit.db, `member${i}@big-team.example`));
    }
    const [owner, ...members] = people as [(typeof people)[number], ...typeof people];
    const [team] = await kit.db
      .insert(workspaces)
      .values({ name: 'Big team', createdBy: owner.id })
      .returning({ id: workspaces.id });
    // Three joined before the owner did: ownership handed over later still lists the owner first.
    for (const member of members.slice(0, 3)) await addMember(kit.db, team!.id, member.id, 'viewer');
    await addMember(kit.db, team!.id, owner.id, 'owner');
    for (const member of members.slice(3)) await addMember(kit.db, team!.id, member.id, 'operator');

    const res = await kit.admin.get(`/api/admin/customers/${members[0]!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [personal, big] = res.json().workspaces;
    expect(personal).toMatchObject({
      personal: true,
      memberCount: 1,
      members: [{ email: members[0]!.email }],
    });
    expect(big).toMatchObject({
      name: 'Big team',
      role: 'viewer',
      memberCount: ADMIN_WORKSPACE_MEMBERS_SHOWN + 5,
    });
    expect(big.members.map((m: { email: string }) => m.email)).toEqual(
      [owner, ...members].slice(0, ADMIN_WORKSPACE_MEMBERS_SHOWN).map((p) => p.email),
    );
    expect(big.members[0]).toEqual({ userId: owner.id, email: owner.email, role: 'owner' });
  });
});

describe('POST /api/admin/customers/:id/role', () => {
  it('promotes and demotes, audit-logged, and the new role applies at once', async () => {
    const promoted = await kit.admin.post(`/api/admin/customers/${kit.customerUser.id}/role`, {
      role: 'admin',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toEqual({ role: 'admin' });
    expect((await kit.customer.get('/api/admin/stats')).statusCode).toBe(200);

    const demoted = await kit.admin.post(`/api/admin/customers/${kit.customerUser.id}/role`, {
      role: 'user',
    });
    expect(demoted.json()).toEqual({ role: 'user' });
    expect((await kit.customer.get('/api/admin/stats')).statusCode).toBe(403);

    const entries = await auditEntries(kit.db, 'user.role_changed', kit.customerUser.id);
    expect(entries.map((e) => e.details)).toEqual([
      { from: 'user', to: 'admin' },
      { from: 'admin', to: 'user' },
    ]);
    expect(entries[0]).toMatchObject({ actorId: kit.adminUser.id, actorEmail: 'boss@example.com' });
  });

  it('refuses to demote the last admin with a 409', async () => {
    const res = await kit.admin.post(`/api/admin/customers/${kit.adminUser.id}/role`, { role: 'user' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'last_admin',
      message: 'This is the last admin; make another user admin first.',
    });
    const [row] = await kit.db.select({ role: user.role }).from(user).where(eq(user.id, kit.adminUser.id));
    expect(row?.role).toBe('admin');
    // Still an admin: the console keeps working for them.
    const again = new TestClient(kit.t.app);
    await again.signIn('boss@example.com', TEST_PASSWORD);
    expect((await again.get('/api/admin/stats')).statusCode).toBe(200);
  });

  it('rejects an unknown role and an unknown user', async () => {
    expect((await kit.admin.post(`/api/admin/customers/${dana.id}/role`, { role: 'owner' })).statusCode).toBe(
      400,
    );
    expect((await kit.admin.post('/api/admin/customers/nobody/role', { role: 'admin' })).statusCode).toBe(
      404,
    );
  });
});
