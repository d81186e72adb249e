import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../domain/workspaces/roles';
import { orders, panels, user, workspaceMembers, workspaces } from '../db/schema';
import { auditEntries } from '../testing/audit';
import { insertOrder, orderRow } from '../testing/orders';
import { testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { addMember, newWorkspace, type Person, person } from '../testing/workspaces';

/*
 * Deleting an account in a world of workspaces (docs/decisions/0023-workspaces.md): refused
 * while it owns a workspace others belong to; otherwise the person leaves every workspace, the
 * orders they placed in other people's workspaces stay there and run on in the owner's name,
 * and the workspaces they owned alone close with their orders, as an account's always did.
 */
const t = testAppForSuite({ RATE_LIMIT_MULTIPLIER: '10' });
const db = () => t.database.db;
let n = 0;
const someone = (word: string) => {
  n += 1;
  return person(t.app, db(), `${word}${n}-${randomBytes(2).toString('hex')}@example.com`, `${word} ${n}`);
};

const DAY = 86_400_000;

/** Two people, and a workspace the first made, which the second joined with `role`. */
async function ownerAndMember(words: [string, string], teamName: string, role: WorkspaceRole) {
  const owner = await someone(words[0]);
  const member = await someone(words[1]);
  const team = await newWorkspace(owner.client, teamName);
  await addMember(db(), team, member.id, role);
  return { owner, member, team };
}

/** A running subscription of `workspaceId` placed by `userId`, with one panel sold under it. */
async function runningOrder(userId: string, workspaceId: string) {
  const now = Date.now();
  const order = await insertOrder(db(), {
    userId,
    workspaceId,
    status: 'completed',
    paidAt: new Date(now - DAY),
    completedAt: new Date(now - DAY),
    subscriptionStatus: 'active',
    currentPeriodStart: new Date(now - DAY),
    currentPeriodEnd: new Date(now + 29 * DAY),
  });
  const [panel] = await db()
    .insert(panels)
    .values({
      email: `panel-${randomBytes(3).toString('hex')}@panels.example`,
      password: 'x',
      status: 'sold',
      soldTo: userId,
      orderId: order.id,
      purchaseDate: new Date(now - DAY),
    })
    .returning();
  if (!panel) throw new Error('no panel');
  return { orderId: order.id, panelId: panel.id };
}

const panelRow = async (id: number) => (await db().select().from(panels).where(eq(panels.id, id)))[0];
const workspaceRow = async (id: string) =>
  (await db().select().from(workspaces).where(eq(workspaces.id, id)))[0];
const membershipsOf = (userId: string) =>
  db().select().from(workspaceMembers).where(eq(workspaceMembers.userId, userId));
const accountExists = async (id: string) =>
  (await db().select({ id: user.id }).from(user).where(eq(user.id, id))).length > 0;
const deleteAccount = (p: Person) => p.client.post('/api/me/delete', { confirmEmail: p.email });

beforeAll(async () => {
  await t.app.ready();
});

describe(`deleting an account that has workspaces on ${TEST_DATABASE_NAME}`, () => {
  it('is refused with 409 while it owns a workspace with other members, and changes nothing', async () => {
    const { owner, team } = await ownerAndMember(['owner', 'member'], 'Agency', 'operator');
    const running = await runningOrder(owner.id, team);

    const res = await deleteAccount(owner);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toEqual({
      code: 'owns_shared_workspace',
      message:
        'You own Agency, which other people belong to. Hand its ownership to another member, or remove the members, before you delete your account.',
    });
    expect(await accountExists(owner.id)).toBe(true);
    expect((await workspaceRow(team))?.deletedAt).toBeNull();
    expect((await membershipsOf(owner.id)).length).toBe(2);
    expect(await orderRow(db(), running.orderId)).toMatchObject({
      userId: owner.id,
      subscriptionStatus: 'active',
    });
    expect((await panelRow(running.panelId))?.status).toBe('sold');
    expect(await auditEntries(db(), 'account.deleted')).not.toContainEqual(
      expect.objectContaining({ targetId: owner.id }),
    );
  });

  it('goes through once the members are removed: the workspaces it owned alone close with their orders', async () => {
    const { owner, member, team } = await ownerAndMember(['alone', 'gone'], 'Studio', 'billing');
    // Placed by a member who has left since: it is the workspace's, so it ends with it.
    const byFormer = await runningOrder(member.id, team);
    const own = await runningOrder(owner.id, owner.personalId);
    await db()
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, team), eq(workspaceMembers.userId, member.id)));

    const res = await deleteAccount(owner);
    expect(res.statusCode, res.body).toBe(204);
    expect(await accountExists(owner.id)).toBe(false);
    for (const id of [team, owner.personalId]) expect((await workspaceRow(id))?.deletedAt).not.toBeNull();
    for (const { orderId, panelId } of [byFormer, own]) {
      const order = await orderRow(db(), orderId);
      expect(order.userId).toBeNull();
      expect(order.subscriptionStatus).not.toBe('active');
      expect((await panelRow(panelId))?.status).toBe('retired');
    }
    // The member who left keeps their account and their own workspace.
    expect(await accountExists(member.id)).toBe(true);
    expect((await workspaceRow(member.personalId))?.deletedAt).toBeNull();
  });

  it("takes a member out of every workspace; their orders in other people's workspaces stay there, in the owner's name", async () => {
    const { owner, member, team } = await ownerAndMember(['boss', 'buyer'], 'Shop', 'billing');
    const placed = await runningOrder(member.id, team);
    const theirs = await runningOrder(member.id, member.personalId);

    const res = await deleteAccount(member);
    expect(res.statusCode, res.body).toBe(204);
    expect(await membershipsOf(member.id)).toEqual([]);

    // The team's order runs on, its panel still the team's, now in the owner's name.
    expect(await orderRow(db(), placed.orderId)).toMatchObject({
      userId: owner.id,
      workspaceId: team,
      subscriptionStatus: 'active',
      status: 'completed',
    });
    expect(await panelRow(placed.panelId)).toMatchObject({
      status: 'sold',
      soldTo: owner.id,
      workspaceId: team,
    });
    expect((await workspaceRow(team))?.deletedAt).toBeNull();
    expect((await membershipsOf(owner.id)).map((m) => m.workspaceId).sort()).toEqual(
      [owner.personalId, team].sort(),
    );

    // Their personal workspace closed with its order, as an account's things always did.
    expect((await workspaceRow(member.personalId))?.deletedAt).not.toBeNull();
    const ended = await orderRow(db(), theirs.orderId);
    expect(ended.userId).toBeNull();
    expect(ended.subscriptionStatus).not.toBe('active');
    expect((await panelRow(theirs.panelId))?.status).toBe('retired');

    const left = (await auditEntries(db(), 'member.left')).filter((e) => e.targetId === member.id);
    expect(left.map((e) => e.details)).toEqual([
      { workspaceId: team, role: 'billing', reason: 'account_deleted' },
    ]);
    const reassigned = (await auditEntries(db(), 'order.reassigned')).filter(
      (e) => e.targetId === String(placed.orderId),
    );
    expect(reassigned.map((e) => e.details)).toEqual([
      { from: member.id, to: owner.id, workspaceId: team, reason: 'account_deleted' },
    ]);
    const [deleted] = (await auditEntries(db(), 'account.deleted')).filter((e) => e.targetId === member.id);
    expect(deleted?.details).toMatchObject({
      subscriptionsEnded: [theirs.orderId],
      workspacesClosed: [member.personalId],
      workspacesLeft: [team],
      ordersKept: [placed.orderId],
    });
    // Nothing of the team's was ended by the member's going.
    const teamOrders = await db().select().from(orders).where(eq(orders.workspaceId, team));
    expect(teamOrders.every((o) => o.subscriptionStatus === 'active')).toBe(true);
  });
});
