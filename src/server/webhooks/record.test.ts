import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WebhookEventType } from '../../domain/webhooks';
import { webhookEndpoints, webhookMessages } from '../db/schema';
import { orderEventData } from '../testing/order-event-data';
import { insertCustomer } from '../testing/orders';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { testDatabaseForSuite } from '../testing/test-database';
import { recordWebhookEvents } from './record';

const database = TEST_DATABASE_NAME;
const testDb = testDatabaseForSuite();
const AT = new Date('2026-11-20T12:00:00Z');

async function endpoint(
  owner: { id: string; workspaceId: string },
  events: WebhookEventType[],
  disabled = false,
) {
  const [row] = await testDb.db
    .insert(webhookEndpoints)
    .values({
      userId: owner.id,
      workspaceId: owner.workspaceId,
      url: 'https://hooks.example.com/in',
      events,
      secretEncrypted: 'not read here',
      disabledAt: disabled ? AT : null,
    })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

describe(`recording a batch of events (${database})`, () => {
  it("writes one message per event and subscribed, enabled endpoint of each event's workspace", async () => {
    const [a, b, c] = [
      await insertCustomer(testDb.db),
      await insertCustomer(testDb.db),
      await insertCustomer(testDb.db),
    ];
    const aCompleted = await endpoint(a, ['order.completed', 'order.paid']);
    await endpoint(a, ['order.paid']);
    const bCompleted = await endpoint(b, ['order.completed']);
    await endpoint(b, ['order.completed'], true);
    await endpoint(c, ['refund.denied']);

    const data = (orderId: number) => ({
      ...orderEventData(orderId, 'completed', AT),
      panelIds: [orderId * 10],
    });
    const written = await recordWebhookEvents(
      testDb.db,
      'order.completed',
      [
        { workspaceId: a.workspaceId, data: data(1) },
        { workspaceId: a.workspaceId, data: data(2) },
        { workspaceId: b.workspaceId, data: data(3) },
        { workspaceId: c.workspaceId, data: data(4) },
        { workspaceId: null, data: data(5) },
      ],
      AT,
    );
    expect(written).toBe(3);
    const rows = await testDb.db.select().from(webhookMessages).orderBy(asc(webhookMessages.id));
    expect(rows.map((r) => [r.endpointId, JSON.parse(r.body).data.orderId])).toEqual([
      [aCompleted, 1],
      [aCompleted, 2],
      [bCompleted, 3],
    ]);
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(3);
    expect(
      rows.every((r) => r.eventType === 'order.completed' && r.nextAttemptAt.getTime() === AT.getTime()),
    ).toBe(true);
  });
});
