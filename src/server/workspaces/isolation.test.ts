import { describe, expect, it } from 'vitest';
import { createPanelCipher } from '../crypto/panel-password';
import { panels, payments } from '../db/schema';
import { insertOrder } from '../testing/orders';
import { testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { activate, insertWorkspaceKey, newWorkspace, person } from '../testing/workspaces';

/*
 * One person, two workspaces, each with a paid order, a panel and a payment: whichever is
 * active, every list, the dashboard, the billing page, the reveal behind the exports, the
 * invoice and the public API of its key show that workspace's things and nothing of the other.
 */
const t = testAppForSuite();

const PAGES = [
  '/api/me/dashboard',
  '/api/me/orders',
  '/api/me/panels',
  '/api/me/panels/past',
  '/api/me/billing',
  '/api/me/replacements',
  '/api/me/panel-additions',
];
const V1 = ['/api/v1/orders', '/api/v1/panels', '/api/v1/subscriptions'];

async function paidOrderWithPanel(userId: string, workspaceId: string, tag: string) {
  const db = t.database.db;
  const now = new Date();
  const order = await insertOrder(db, {
    userId,
    workspaceId,
    status: 'completed',
    subscriptionStatus: 'active',
    paidAt: now,
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
  const email = `panel-${tag}@panels.example`;
  const [panel] = await db
    .insert(panels)
    .values({
      email,
      password: createPanelCipher(t.secrets.panelSecretKey).encrypt(`secret-${tag}`),
      status: 'sold',
      soldTo: userId,
      orderId: order.id,
      purchaseDate: now,
    })
    .returning({ id: panels.id });
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      userId,
      amountCents: order.totalCents,
      status: 'completed',
      method: 'card',
      provider: 'sandbox',
      providerChargeId: `ch_${tag}`,
    })
    .returning({ id: payments.id });
  return { orderId: order.id, email, panelId: panel!.id, paymentId: payment!.id };
}

describe(`two workspaces of one person on ${TEST_DATABASE_NAME}`, () => {
  it('never mix in lists, the dashboard, billing, reveals, invoices or v1 answers', async () => {
    await t.app.ready();
    const db = t.database.db;
    const me = await person(t.app, db, 'two-hats@example.com');
    const client = await newWorkspace(me.client, 'Client Co');
    const spaces = {
      personal: await paidOrderWithPanel(me.id, me.personalId, 'personal'),
      client: await paidOrderWithPanel(me.id, client, 'client'),
    };
    const keys = {
      personal: await insertWorkspaceKey(db, { userId: me.id, workspaceId: me.personalId, role: 'admin' }),
      client: await insertWorkspaceKey(db, { userId: me.id, workspaceId: client, role: 'admin' }),
    };

    for (const [here, there] of [
      ['personal', 'client'],
      ['client', 'personal'],
    ] as const) {
      await activate(me.client, here === 'personal' ? me.personalId : client);
      const mine = spaces[here];
      const theirs = spaces[there];
      for (const path of PAGES) {
        const res = await me.client.get(path);
        expect(res.statusCode, `${path} in ${here}`).toBe(200);
        expect(res.body, `${path} in ${here}`).not.toContain(theirs.email);
      }
      expect((await me.client.get('/api/me/panels')).body).toContain(mine.email);
      expect((await me.client.get('/api/me/orders')).json().orders.map((o: { id: number }) => o.id)).toEqual([
        mine.orderId,
      ]);
      const reveal = await me.client.post('/api/me/panels/reveal', {
        ids: [mine.panelId, theirs.panelId],
        purpose: 'export',
      });
      // Another workspace's id is left out, as any panel that is not the caller's.
      expect(reveal.statusCode).toBe(200);
      expect(reveal.json().passwords).toEqual([{ id: mine.panelId, password: `secret-${here}` }]);
      expect((await me.client.get(`/api/me/orders/${theirs.orderId}`)).statusCode).toBe(404);
      expect((await me.client.get(`/api/me/invoices/${theirs.paymentId}/pdf`)).statusCode).toBe(404);
      expect((await me.client.get(`/api/me/invoices/${mine.paymentId}/pdf`)).statusCode).toBe(200);

      const bearer = { authorization: `Bearer ${keys[here]}` };
      for (const path of V1) {
        const res = await t.app.inject({ method: 'GET', url: path, headers: bearer });
        expect(res.statusCode, `${path} with the ${here} key`).toBe(200);
        expect(res.body, `${path} with the ${here} key`).not.toContain(theirs.email);
        expect(res.body, `${path} with the ${here} key`).not.toContain(`"orderId":${theirs.orderId},`);
      }
      const v1Panels = await t.app.inject({ method: 'GET', url: '/api/v1/panels', headers: bearer });
      expect(v1Panels.body).toContain(mine.email);
      const stranger = await t.app.inject({
        method: 'GET',
        url: `/api/v1/panels/${theirs.panelId}`,
        headers: bearer,
      });
      expect(stranger.statusCode).toBe(404);
    }
  });
});
