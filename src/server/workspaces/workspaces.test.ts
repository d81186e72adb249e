import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_WORKSPACES_PER_PERSON } from '../../domain/workspaces/roles';
import {
  apiKeys,
  orders,
  session,
  webhookEndpoints,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '../db/schema';
import { signedInAccount } from '../testing/accounts';
import { auditEntries } from '../testing/audit';
import { insertOrder } from '../testing/orders';
import { TestClient } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { activate, activeWorkspace, newWorkspace, type Person, workspaceSuite } from '../testing/workspaces';

/*
 * /api/me/workspaces (docs/decisions/0023-workspaces.md, src/domain/api/workspaces.ts): the
 * caller's workspaces, making one, switching, leaving, deleting and handing ownership over,
 * with the refusals that change nothing.
 */
const { t, db, someone, addMember, insertKey, v1Status } = workspaceSuite();

beforeAll(async () => {
  await t.app.ready();
});

const list = async (client: TestClient) =>
  (await client.get('/api/me/workspaces')).json() as {
    workspaces: { id: string; name: string; role: string; personal: boolean; members: number }[];
    activeId: string | null;
  };

const rowOf = async (id: string) => (await db().select().from(workspaces).where(eq(workspaces.id, id)))[0];

const memberIds = async (workspaceId: string) =>
  (
    await db()
      .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId))
  ).sort((a, b) => a.userId.localeCompare(b.userId));

describe(`workspaces on ${TEST_DATABASE_NAME}`, () => {
  it('lists the personal workspace an account comes with, as the active one', async () => {
    const ann = await someone();
    const listed = await list(ann.client);
    expect(listed).toEqual({
      workspaces: [{ id: ann.personalId, name: 'Personal', role: 'owner', personal: true, members: 1 }],
      activeId: ann.personalId,
    });
    expect(await activeWorkspace(ann.client)).toMatchObject({ id: ann.personalId, role: 'owner' });
    expect((await new TestClient(t.app).get('/api/me/workspaces')).statusCode).toBe(401);
  });

  it('makes a workspace with the caller as owner, moves this session into it, and audit-logs it', async () => {
    const ann = await someone();
    const otherSession = new TestClient(t.app);
    await otherSession.signIn(ann.email, 'password-1');
    const res = await ann.client.post('/api/me/workspaces', { name: '  Acme Ltd  ' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ name: 'Acme Ltd', role: 'owner', personal: false, members: 1 });
    expect(await activeWorkspace(ann.client)).toMatchObject({ id: made.id, role: 'owner' });
    // Only the session that made it moved.
    expect((await activeWorkspace(otherSession))?.id).toBe(ann.personalId);
    const listed = await list(ann.client);
    expect(listed.activeId).toBe(made.id);
    expect(listed.workspaces.map((w) => w.id)).toEqual([ann.personalId, made.id]);
    expect(await rowOf(made.id)).toMatchObject({ createdBy: ann.id, personal: false, deletedAt: null });
    const [audit] = await auditEntries(db(), 'workspace.created', made.id);
    expect(audit).toMatchObject({ actorId: ann.id, actorEmail: ann.email });
    expect(audit?.details).toEqual({ workspaceId: made.id, name: 'Acme Ltd' });
  });

  it('refuses bad input with a 4xx and makes nothing', async () => {
    const ann = await someone();
    const before = await list(ann.client);
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { name: 'Acme', personal: true },
      { name: 'Acme\u0000Ltd' },
      { name: 42 },
    ]) {
      const res = await ann.client.post('/api/me/workspaces', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await list(ann.client)).toEqual(before);
    // Ids in the path and the body are text without control characters: a 4xx, never a 500.
    for (const [method, url, body] of [
      ['POST', '/api/me/workspaces/a%00b/activate', undefined],
      ['POST', '/api/me/workspaces/a%00b/leave', undefined],
      ['POST', `/api/me/workspaces/${ann.personalId}/owner`, { userId: 'a\u0000b' }],
      ['PUT', `/api/me/workspaces/${ann.personalId}/members/a%00b`, { role: 'viewer' }],
      ['GET', '/api/invitations/inv_a%00b', undefined],
    ] as const) {
      const res = await ann.client.request({ method, url, ...(body ? { payload: body } : {}) });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it(`refuses a workspace past ${MAX_WORKSPACES_PER_PERSON} made by one person, counting only those not deleted`, async () => {
    const ann = await someone();
    await db()
      .insert(workspaces)
      .values(
        Array.from({ length: MAX_WORKSPACES_PER_PERSON - 1 }, (_, i) => ({
          name: `W${i}`,
          createdBy: ann.id,
        })),
      );
    // Two at once with room for one: the count and its lock let exactly one through.
    const both = await Promise.all([
      ann.client.post('/api/me/workspaces', { name: 'Last' }),
      ann.client.post('/api/me/workspaces', { name: 'One too many' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    expect(refused.json().error.code).toBe('too_many_workspaces');
    const [{ made } = { made: 0 }] = await db()
      .select({ made: count() })
      .from(workspaces)
      .where(and(eq(workspaces.createdBy, ann.id), eq(workspaces.personal, false)));
    expect(made).toBe(MAX_WORKSPACES_PER_PERSON);
    const [one] = await db()
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(eq(workspaces.createdBy, ann.id), eq(workspaces.name, 'W0')));
    await db().update(workspaces).set({ deletedAt: new Date() }).where(eq(workspaces.id, one!.id));
    expect((await ann.client.post('/api/me/workspaces', { name: 'Again' })).statusCode).toBe(201);
  });

  it("switches only into the caller's own workspaces, and the next request works there", async () => {
    const [ann, bob] = [await someone(), await someone()];
    const team = await newWorkspace(ann.client, 'Team');
    for (const id of [team, ann.personalId, 'no-such-workspace']) {
      const res = await bob.client.post(`/api/me/workspaces/${id}/activate`);
      expect(res.statusCode, id).toBe(404);
    }
    expect((await activeWorkspace(bob.client))?.id).toBe(bob.personalId);
    await addMember(team, bob.id, 'viewer');
    const res = await bob.client.post(`/api/me/workspaces/${team}/activate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: team, name: 'Team', role: 'viewer', personal: false, members: 2 });
    // The very next request (on the embedded database, the session's row is remembered until a write).
    expect(await activeWorkspace(bob.client)).toMatchObject({ id: team, role: 'viewer' });
    expect((await list(bob.client)).activeId).toBe(team);
    await activate(bob.client, bob.personalId);
    expect((await activeWorkspace(bob.client))?.id).toBe(bob.personalId);
    // A deleted workspace is no longer there to switch to.
    await db().update(workspaces).set({ deletedAt: new Date() }).where(eq(workspaces.id, team));
    expect((await bob.client.post(`/api/me/workspaces/${team}/activate`)).statusCode).toBe(404);
  });

  it('lets a member leave, but not the owner and not from a personal workspace of their own', async () => {
    const [ann, bob] = [await someone(), await someone()];
    const team = await newWorkspace(ann.client, 'Team');
    await addMember(team, bob.id, 'operator');
    const key = await insertKey({ userId: bob.id, workspaceId: team, role: 'operator' });
    await activate(bob.client, team);

    const personal = await ann.client.post(`/api/me/workspaces/${ann.personalId}/leave`);
    expect([personal.statusCode, personal.json().error.code]).toEqual([409, 'personal_workspace']);
    const owner = await ann.client.post(`/api/me/workspaces/${team}/leave`);
    expect([owner.statusCode, owner.json().error.code]).toEqual([409, 'last_owner']);
    expect(owner.json().error.message).toContain('hand its ownership');

    expect(await v1Status(key)).toBe(200);
    const left = await bob.client.post(`/api/me/workspaces/${team}/leave`);
    expect(left.statusCode, left.body).toBe(204);
    // The session falls back to the personal workspace at its next request; the key is revoked.
    expect((await activeWorkspace(bob.client))?.id).toBe(bob.personalId);
    expect((await list(bob.client)).workspaces.map((w) => w.id)).toEqual([bob.personalId]);
    expect(await v1Status(key)).toBe(401);
    const [audit] = await auditEntries(db(), 'member.left', bob.id);
    expect(audit?.details).toEqual({ workspaceId: team, role: 'operator', keysRevoked: 1 });
    expect((await bob.client.post(`/api/me/workspaces/${team}/leave`)).statusCode).toBe(404);
    expect(await memberIds(team)).toEqual([{ userId: ann.id, role: 'owner' }]);

    // Someone else's personal workspace is one a guest may leave.
    await addMember(ann.personalId, bob.id, 'viewer');
    expect((await bob.client.post(`/api/me/workspaces/${ann.personalId}/leave`)).statusCode).toBe(204);
  });
});

describe(`deleting a workspace on ${TEST_DATABASE_NAME}`, () => {
  let ann: Person;
  let bob: Person;
  let team: string;

  beforeAll(async () => {
    [ann, bob] = [await someone('del'), await someone('del')];
    team = await newWorkspace(ann.client, 'Doomed');
    await addMember(team, bob.id, 'admin');
  });

  it('is for the owner, from inside the workspace, and never for the personal one', async () => {
    await activate(bob.client, team);
    const admin = await bob.client.request({ method: 'DELETE', url: `/api/me/workspaces/${team}` });
    expect([admin.statusCode, admin.json().error.code]).toEqual([403, 'forbidden']);
    await activate(ann.client, ann.personalId);
    const elsewhere = await ann.client.request({ method: 'DELETE', url: `/api/me/workspaces/${team}` });
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([404, 'not_found']);
    const personal = await ann.client.request({
      method: 'DELETE',
      url: `/api/me/workspaces/${ann.personalId}`,
    });
    expect([personal.statusCode, personal.json().error.code]).toEqual([409, 'personal_workspace']);
    expect((await rowOf(team))?.deletedAt).toBeNull();
    expect((await rowOf(ann.personalId))?.deletedAt).toBeNull();
  });

  it('is refused while an order waits for payment or a subscription is still billed', async () => {
    await activate(ann.client, team);
    const waiting = await insertOrder(db(), { userId: ann.id, workspaceId: team, status: 'pending_payment' });
    const del = () => ann.client.request({ method: 'DELETE', url: `/api/me/workspaces/${team}` });
    const first = await del();
    expect([first.statusCode, first.json().error.code]).toEqual([409, 'workspace_in_use']);
    await db().update(orders).set({ status: 'canceled' }).where(eq(orders.id, waiting.id));
    const live = await insertOrder(db(), {
      userId: ann.id,
      workspaceId: team,
      status: 'completed',
      subscriptionStatus: 'past_due',
    });
    expect((await del()).statusCode).toBe(409);
    await db().update(orders).set({ subscriptionStatus: 'canceled' }).where(eq(orders.id, live.id));
    // An order of another workspace is not this one's business.
    await insertOrder(db(), {
      userId: ann.id,
      workspaceId: ann.personalId,
      status: 'completed',
      subscriptionStatus: 'active',
    });
    expect((await rowOf(team))?.deletedAt).toBeNull();
  });

  it('keeps the row, drops its members and open invitations, revokes its keys, turns off its webhooks', async () => {
    const key = await insertKey({ userId: bob.id, workspaceId: team, role: 'admin' });
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({
        userId: ann.id,
        workspaceId: team,
        url: 'https://hooks.example.com/in',
        events: [],
        secretEncrypted: 'x',
      })
      .returning();
    const invited = await ann.client.post(`/api/me/workspaces/${team}/invitations`, {
      email: 'later@example.com',
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await activate(bob.client, team);

    const res = await ann.client.request({ method: 'DELETE', url: `/api/me/workspaces/${team}` });
    expect(res.statusCode, res.body).toBe(204);
    expect((await rowOf(team))?.deletedAt).not.toBeNull();
    expect(await memberIds(team)).toEqual([]);
    expect(
      await db().select().from(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, team)),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.workspaceId, team), isNull(apiKeys.revokedAt))),
    ).toEqual([]);
    expect(await v1Status(key)).toBe(401);
    const [disabled] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint!.id));
    expect(disabled?.disabledAt).not.toBeNull();
    // Both sessions are back in their personal workspace at their next request.
    expect((await activeWorkspace(ann.client))?.id).toBe(ann.personalId);
    expect((await activeWorkspace(bob.client))?.id).toBe(bob.personalId);
    expect((await list(ann.client)).workspaces.map((w) => w.id)).toEqual([ann.personalId]);
    const [audit] = await auditEntries(db(), 'workspace.deleted', team);
    expect(audit).toMatchObject({ actorId: ann.id });
    expect(audit?.details).toEqual({
      workspaceId: team,
      name: 'Doomed',
      members: 2,
      invitationsDropped: 1,
      keysRevoked: 1,
      webhookEndpointsDisabled: 1,
    });
    // Its orders keep naming it, for the accounts.
    const kept = await db().select({ id: orders.id }).from(orders).where(eq(orders.workspaceId, team));
    expect(kept).toHaveLength(2);
  });
});

describe(`handing ownership over on ${TEST_DATABASE_NAME}`, () => {
  it('makes the member the owner and the caller an admin, one owner before and after', async () => {
    const [ann, bob, cid] = [await someone('own'), await someone('own'), await someone('own')];
    const team = await newWorkspace(ann.client, 'Handed');
    await addMember(team, bob.id, 'viewer');
    await activate(bob.client, team);

    const stranger = await ann.client.post(`/api/me/workspaces/${team}/owner`, { userId: cid.id });
    expect(stranger.statusCode).toBe(404);
    const notHere = await ann.client.post(`/api/me/workspaces/${ann.personalId}/owner`, { userId: bob.id });
    expect(notHere.statusCode).toBe(404);
    const bad = await ann.client.post(`/api/me/workspaces/${team}/owner`, { userId: bob.id, role: 'x' });
    expect(bad.statusCode).toBe(400);
    const asViewer = await bob.client.post(`/api/me/workspaces/${team}/owner`, { userId: bob.id });
    expect(asViewer.statusCode).toBe(403);

    const res = await ann.client.post(`/api/me/workspaces/${team}/owner`, { userId: bob.id });
    expect(res.statusCode, res.body).toBe(200);
    const roles = Object.fromEntries(
      (res.json().members as { userId: string; role: string }[]).map((m) => [m.userId, m.role]),
    );
    expect(roles).toEqual({ [ann.id]: 'admin', [bob.id]: 'owner' });
    expect(await activeWorkspace(ann.client)).toMatchObject({ id: team, role: 'admin' });
    expect(await activeWorkspace(bob.client)).toMatchObject({ id: team, role: 'owner' });
    const [audit] = await auditEntries(db(), 'workspace.transferred', team);
    expect(audit?.details).toEqual({ workspaceId: team, from: ann.id, to: bob.id, previousRole: 'viewer' });
    // The former owner can no longer hand it over, nor delete it.
    expect((await ann.client.post(`/api/me/workspaces/${team}/owner`, { userId: ann.id })).statusCode).toBe(
      403,
    );
    expect(
      (await ann.client.request({ method: 'DELETE', url: `/api/me/workspaces/${team}` })).statusCode,
    ).toBe(403);
  });

  it('keeps exactly one owner when two hand-overs race', async () => {
    const [ann, bob, cid] = [await someone('race'), await someone('race'), await someone('race')];
    const team = await newWorkspace(ann.client, 'Raced');
    await addMember(team, bob.id, 'admin');
    await addMember(team, cid.id, 'admin');
    const results = await Promise.all([
      ann.client.post(`/api/me/workspaces/${team}/owner`, { userId: bob.id }),
      ann.client.post(`/api/me/workspaces/${team}/owner`, { userId: cid.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const owners = (await memberIds(team)).filter((m) => m.role === 'owner');
    expect(owners).toHaveLength(1);
    expect([bob.id, cid.id]).toContain(owners[0]?.userId);
  });

  it('refuses to hand over a personal workspace', async () => {
    const [ann, bob] = [await someone('pers'), await someone('pers')];
    await addMember(ann.personalId, bob.id, 'admin');
    const res = await ann.client.post(`/api/me/workspaces/${ann.personalId}/owner`, { userId: bob.id });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'personal_workspace']);
    expect((await memberIds(ann.personalId)).find((m) => m.userId === ann.id)?.role).toBe('owner');
  });
});

describe(`the session row on ${TEST_DATABASE_NAME}`, () => {
  it('keeps the chosen workspace in session.active_workspace_id', async () => {
    const ann = await someone('sess');
    const team = await newWorkspace(ann.client, 'Chosen');
    const rows = await db()
      .select({ active: session.activeWorkspaceId })
      .from(session)
      .where(eq(session.userId, ann.id));
    expect(rows.map((r) => r.active)).toEqual([team]);
  });
});

describe(`the operator's view on ${TEST_DATABASE_NAME}`, () => {
  it("shows a customer's workspaces with their role and each one's members", async () => {
    const { client: boss } = await signedInAccount(t.app, db(), {
      email: 'boss-ws@example.com',
      role: 'admin',
    });
    const [ann, bob] = [await someone('op'), await someone('op')];
    const team = await newWorkspace(ann.client, 'Agency');
    await addMember(team, bob.id, 'billing');
    const gone = await newWorkspace(ann.client, 'Gone');
    await addMember(gone, bob.id, 'viewer');
    await db().update(workspaces).set({ deletedAt: new Date() }).where(eq(workspaces.id, gone));
    const res = await boss.get(`/api/admin/customers/${bob.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workspaces).toEqual([
      {
        id: bob.personalId,
        name: 'Personal',
        personal: true,
        role: 'owner',
        members: [{ userId: bob.id, email: bob.email, role: 'owner' }],
        memberCount: 1,
      },
      {
        id: team,
        name: 'Agency',
        personal: false,
        role: 'billing',
        members: [
          { userId: ann.id, email: ann.email, role: 'owner' },
          { userId: bob.id, email: bob.email, role: 'billing' },
        ],
        memberCount: 2,
      },
    ]);
    expect((await bob.client.get(`/api/admin/customers/${bob.id}`)).statusCode).toBe(403);
  });
});
