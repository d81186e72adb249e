import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../domain/workspaces/roles';
import { enqueueRefundDecision } from '../billing/refunds/enqueue-refund-decision';
import { outboxMessages, user, userSettings, workspaces } from '../db/schema';
import { enqueueOrderConfirmation, enqueuePanelsReady } from '../provisioning/enqueue-order-mail';
import { insertCustomer, insertOrder } from '../testing/orders';
import { TEST_DATABASE_NAME, testConfig } from '../testing/test-config';
import { testDatabaseForSuite } from '../testing/test-database';
import { addMember } from '../testing/workspaces';
import { enqueueDisabledNotice } from '../webhooks/webhook-disabled-emails';
import { removeMember } from '../workspaces/members';
import { ensurePersonalWorkspace } from '../workspaces/personal';
import { orderRecipients, workspaceRecipients } from './workspace-recipients';

/*
 * Mail follows the workspace (docs/decisions/0023-workspaces.md): billing news to the owner
 * and the billing members, panel news to the owner and the operators, integration news to
 * the owner and the admins; each recipient's own preferences apply; nobody outside the
 * order's workspace is mailed.
 */
const database = testDatabaseForSuite();
const db = () => database.db;
const config = testConfig();
const site = { brandName: 'PanelHub', publicUrl: config.publicUrl };

type Someone = { id: string; email: string };
const someone = async (word: string): Promise<Someone> => {
  const made = await insertCustomer(db(), `${word}-${randomBytes(3).toString('hex')}@example.com`);
  await ensurePersonalWorkspace(db(), made.id);
  return made;
};

async function team(name: string, owner: Someone, members: [Someone, WorkspaceRole][]) {
  const [row] = await db().insert(workspaces).values({ name, createdBy: owner.id }).returning();
  if (!row) throw new Error('no workspace');
  await addMember(db(), row.id, owner.id, 'owner');
  for (const [member, role] of members) await addMember(db(), row.id, member.id, role);
  return row.id;
}

/** The addresses of the e-mails queued, sorted. */
async function mailedTo(): Promise<string[]> {
  const rows = await db().select().from(outboxMessages).where(eq(outboxMessages.kind, 'email'));
  return rows.map((r) => (r.payload as { to: string }).to).sort();
}
const sorted = (...people: Someone[]) => people.map((p) => p.email).sort();

let owner: Someone;
let billing: Someone;
let operator: Someone;
let viewer: Someone;
let admin: Someone;
let quiet: Someone;
let removed: Someone;
let otherBilling: Someone;
let crew: string;
let otherCrew: string;
let crewOrder: number;
let otherOrder: number;

beforeAll(async () => {
  owner = await someone('owner');
  billing = await someone('billing');
  operator = await someone('operator');
  viewer = await someone('viewer');
  admin = await someone('admin');
  quiet = await someone('quiet');
  removed = await someone('removed');
  otherBilling = await someone('other');
  crew = await team('Crew', owner, [
    [billing, 'billing'],
    [operator, 'operator'],
    [viewer, 'viewer'],
    [admin, 'admin'],
    [quiet, 'billing'],
    [removed, 'billing'],
  ]);
  // The same owner's second workspace, with a billing member of its own only.
  otherCrew = await team('Other crew', owner, [[otherBilling, 'billing']]);
  // Order updates turned off by one billing member.
  await db().insert(userSettings).values({ userId: quiet.id, orderUpdates: false });
  await removeMember(
    db(),
    { id: owner.id, email: owner.email, ip: null },
    { workspaceId: crew, userId: removed.id },
    new Date(),
  );
  // Placed by the billing member: who placed it does not change who is told.
  crewOrder = (await insertOrder(db(), { userId: billing.id, workspaceId: crew, status: 'paid' })).id;
  otherOrder = (await insertOrder(db(), { userId: owner.id, workspaceId: otherCrew, status: 'paid' })).id;
});

beforeEach(async () => {
  await db().delete(outboxMessages);
});

describe(`workspace mail recipients on ${TEST_DATABASE_NAME}`, () => {
  it('decides the recipients by role: owner first, removed members gone', async () => {
    const of = async (kind: 'billing' | 'panels' | 'integrations') =>
      (await workspaceRecipients(db(), crew, kind)).map((r) => r.email);
    expect(await of('billing')).toEqual([owner.email, billing.email, quiet.email]);
    expect(await of('panels')).toEqual([owner.email, operator.email]);
    expect(await of('integrations')).toEqual([owner.email, admin.email]);
  });

  it('sends an order-paid mail to the owner and the billing members only, each by their preferences', async () => {
    await db().transaction((tx) => enqueueOrderConfirmation(tx, config, crewOrder));
    // The quiet member turned order updates off; the removed one is gone; no operator,
    // viewer or admin; one row each.
    expect(await mailedTo()).toEqual(sorted(owner, billing));
  });

  it('sends a panels-delivered mail to the owner and the operators only', async () => {
    await db().transaction((tx) => enqueuePanelsReady(tx, config, [crewOrder]));
    expect(await mailedTo()).toEqual(sorted(owner, operator));
  });

  it('sends a refund decision to the billing recipients', async () => {
    await db().transaction((tx) =>
      enqueueRefundDecision(tx, config, {
        requestId: 1,
        orderId: crewOrder,
        userId: billing.id,
        approved: false,
        amountCents: 0,
      }),
    );
    expect(await mailedTo()).toEqual(sorted(owner, billing));
  });

  it('turns the panel mail off for a member whose order updates are off', async () => {
    await db().update(userSettings).set({ orderUpdates: true }).where(eq(userSettings.userId, quiet.id));
    await db().insert(userSettings).values({ userId: operator.id, emailNotifications: false });
    try {
      await db().transaction((tx) => enqueuePanelsReady(tx, config, [crewOrder]));
      expect(await mailedTo()).toEqual(sorted(owner));
    } finally {
      await db().delete(userSettings).where(eq(userSettings.userId, operator.id));
      await db().update(userSettings).set({ orderUpdates: false }).where(eq(userSettings.userId, quiet.id));
    }
  });

  it('tells the owner and the admins when a webhook endpoint is turned off', async () => {
    await db().transaction((tx) =>
      enqueueDisabledNotice(tx, site, crew, { id: 7, url: 'https://hooks.example/x', since: new Date() }),
    );
    expect(await mailedTo()).toEqual(sorted(owner, admin));
  });

  it("never mixes one person's two workspaces", async () => {
    await db().transaction(async (tx) => {
      await enqueueOrderConfirmation(tx, config, otherOrder);
      await enqueuePanelsReady(tx, config, [otherOrder]);
    });
    // The other workspace's billing member and the owner, never the first workspace's members.
    expect(await mailedTo()).toEqual([...sorted(owner, otherBilling), owner.email].sort());
    const both = await orderRecipients(db(), [crewOrder, otherOrder], 'billing');
    expect(both.get(crewOrder)?.sort()).toEqual(sorted(owner, billing, quiet));
    expect(both.get(otherOrder)?.sort()).toEqual(sorted(owner, otherBilling));
  });

  it('keeps the single buyer as before: a personal workspace mails its person', async () => {
    const single = await someone('single');
    const order = await insertOrder(db(), { userId: single.id, status: 'paid' });
    await db().transaction(async (tx) => {
      await enqueueOrderConfirmation(tx, config, order.id);
      await enqueuePanelsReady(tx, config, [order.id]);
    });
    expect(await mailedTo()).toEqual([single.email, single.email]);
  });

  it('mails nobody about the orders of a deleted account', async () => {
    const gone = await someone('gone');
    const order = await insertOrder(db(), { userId: gone.id, status: 'paid' });
    await db().delete(user).where(eq(user.id, gone.id));
    await db().transaction((tx) => enqueueOrderConfirmation(tx, config, order.id));
    expect(await mailedTo()).toEqual([]);
  });
});
