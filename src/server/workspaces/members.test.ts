import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, workspaceMembers } from '../db/schema';
import { auditEntries } from '../testing/audit';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { activate, activeWorkspace, newWorkspace, type Person, workspaceSuite } from '../testing/workspaces';

/*
 * A workspace's members (docs/decisions/0023-workspaces.md): listed, their role changed, removed,
 * from inside the workspace by a role that manages members; each change applies at the
 * member's next request, and a removed member's keys stop working.
 */
const { t, db, someone, addMember, insertKey, v1Status } = workspaceSuite();

let owner: Person;
let admin: Person;
let viewer: Person;
let team: string;

beforeAll(async () => {
  await t.app.ready();
  [owner, admin, viewer] = [await someone('owner'), await someone('admin'), await someone('viewer')];
  team = await newWorkspace(owner.client, 'Crew');
  await addMember(team, admin.id, 'admin');
  await addMember(team, viewer.id, 'viewer');
  await activate(admin.client, team);
  await activate(viewer.client, team);
  // A request of each in the workspace, as a person working there makes.
  for (const p of [owner, admin, viewer]) expect((await activeWorkspace(p.client))?.id).toBe(team);
});

const members = (p: Person) => p.client.get(`/api/me/workspaces/${team}/members`);
const roleOf = async (userId: string) =>
  (
    await db()
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, team), eq(workspaceMembers.userId, userId)))
  )[0]?.role;

describe(`members on ${TEST_DATABASE_NAME}`, () => {
  it('lists the members with their e-mail, name, role, and when each was last active', async () => {
    const res = await members(admin);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().members as {
      userId: string;
      email: string;
      name: string;
      role: string;
      lastActiveAt: string | null;
    }[];
    expect(listed.map((m) => [m.email, m.name, m.role])).toEqual([
      [owner.email, 'Owner 1', 'owner'],
      [admin.email, 'Admin 2', 'admin'],
      [viewer.email, 'Viewer 3', 'viewer'],
    ]);
    // Each of them made a request in the workspace since joining.
    for (const m of listed) expect(m.lastActiveAt, m.email).not.toBeNull();
  });

  it('writes last activity at most once a minute per member', async () => {
    const before = (
      await db().select().from(workspaceMembers).where(eq(workspaceMembers.userId, viewer.id))
    ).find((m) => m.workspaceId === team)?.lastActiveAt;
    expect(before).toBeInstanceOf(Date);
    await viewer.client.get('/api/me');
    await viewer.client.get('/api/me');
    const after = (
      await db().select().from(workspaceMembers).where(eq(workspaceMembers.userId, viewer.id))
    ).find((m) => m.workspaceId === team)?.lastActiveAt;
    expect(after?.getTime()).toBe(before?.getTime());
    // A minute on, the next request writes it again.
    await db()
      .update(workspaceMembers)
      .set({ lastActiveAt: new Date(Date.now() - 61_000) })
      .where(and(eq(workspaceMembers.workspaceId, team), eq(workspaceMembers.userId, viewer.id)));
    await viewer.client.get('/api/me');
    const again = (
      await db().select().from(workspaceMembers).where(eq(workspaceMembers.userId, viewer.id))
    ).find((m) => m.workspaceId === team)?.lastActiveAt;
    expect(Date.now() - (again?.getTime() ?? 0)).toBeLessThan(30_000);
  });

  it('is for a role that manages members, from inside the workspace', async () => {
    const res = await members(viewer);
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
    expect(res.json().error.message).toContain('viewer');
    // The owner works in their personal workspace: this one is not the active one.
    await activate(owner.client, owner.personalId);
    expect((await members(owner)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/me/workspaces/${team}/invitations`)).statusCode).toBe(404);
    await activate(owner.client, team);
    expect((await members(owner)).statusCode).toBe(200);
  });

  it("changes a member's role, audit-logged, and it applies at their next request", async () => {
    const put = (role: string, userId = viewer.id) =>
      admin.client.put(`/api/me/workspaces/${team}/members/${userId}`, { role });
    const res = await put('admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userId: viewer.id, email: viewer.email, role: 'admin' });
    expect(await activeWorkspace(viewer.client)).toMatchObject({ id: team, role: 'admin' });
    expect((await members(viewer)).statusCode).toBe(200);
    const [audit] = await auditEntries(db(), 'member.role_changed', viewer.id);
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(audit?.details).toEqual({ workspaceId: team, from: 'viewer', to: 'admin' });

    expect((await put('viewer')).statusCode).toBe(200);
    expect((await members(viewer)).statusCode).toBe(403);
    // The same role again changes nothing and logs nothing.
    expect((await put('viewer')).statusCode).toBe(200);
    expect(await auditEntries(db(), 'member.role_changed', viewer.id)).toHaveLength(2);
  });

  it("refuses the owner's role, the owner role itself, strangers and bad input, changing nothing", async () => {
    const put = (userId: string, body: unknown) =>
      admin.client.put(`/api/me/workspaces/${team}/members/${userId}`, body);
    const ownerRole = await put(owner.id, { role: 'viewer' });
    expect([ownerRole.statusCode, ownerRole.json().error.code]).toEqual([409, 'owner_role']);
    for (const body of [{ role: 'owner' }, { role: 'boss' }, {}, { role: 'viewer', extra: 1 }]) {
      expect((await put(viewer.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const stranger = await someone('stranger');
    expect((await put(stranger.id, { role: 'viewer' })).statusCode).toBe(404);
    expect(
      (await viewer.client.put(`/api/me/workspaces/${team}/members/${viewer.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(403);
    expect([await roleOf(owner.id), await roleOf(viewer.id)]).toEqual(['owner', 'viewer']);
  });

  it('never removes the owner', async () => {
    const res = await admin.client.request({
      method: 'DELETE',
      url: `/api/me/workspaces/${team}/members/${owner.id}`,
    });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'last_owner']);
    expect(await roleOf(owner.id)).toBe('owner');
  });

  it('removes a member: at their next request they are out, and the keys they made there stop working', async () => {
    const leaving = await someone('leaving');
    await addMember(team, leaving.id, 'operator');
    await activate(leaving.client, team);
    const key = await insertKey({ userId: leaving.id, workspaceId: team, role: 'operator' });
    // A key of theirs in another workspace is not touched.
    const own = await insertKey({ userId: leaving.id, workspaceId: leaving.personalId, role: 'admin' });
    expect(await v1Status(key)).toBe(200);

    const res = await admin.client.request({
      method: 'DELETE',
      url: `/api/me/workspaces/${team}/members/${leaving.id}`,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await activeWorkspace(leaving.client)).toMatchObject({ id: leaving.personalId, role: 'owner' });
    expect((await leaving.client.post(`/api/me/workspaces/${team}/activate`)).statusCode).toBe(404);
    expect(await v1Status(key)).toBe(401);
    expect(await v1Status(own)).toBe(200);
    const revoked = await db().select().from(apiKeys).where(eq(apiKeys.userId, leaving.id));
    expect(revoked.map((k) => [k.workspaceId, k.revokedAt !== null]).sort()).toEqual(
      [
        [leaving.personalId, false],
        [team, true],
      ].sort(),
    );
    const [audit] = await auditEntries(db(), 'member.removed', leaving.id);
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(audit?.details).toEqual({ workspaceId: team, role: 'operator', keysRevoked: 1 });
    const again = await admin.client.request({
      method: 'DELETE',
      url: `/api/me/workspaces/${team}/members/${leaving.id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('caps a key at its creator’s role now: a demoted creator’s admin key reads no more than they may', async () => {
    const maker = await someone('maker');
    await addMember(team, maker.id, 'admin');
    const key = await insertKey({ userId: maker.id, workspaceId: team, role: 'admin' });
    expect(await v1Status(key)).toBe(200);
    // Billing reads orders too; the key keeps working within what both roles allow.
    await admin.client.put(`/api/me/workspaces/${team}/members/${maker.id}`, { role: 'billing' });
    expect(await v1Status(key)).toBe(200);
  });
});
