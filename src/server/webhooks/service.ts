import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpoint } from '../../domain/api/webhooks';
import {
  MAX_WEBHOOK_ENDPOINTS_PER_USER,
  WEBHOOK_DELIVERY_LOG_SIZE,
  type WebhookEventType,
} from '../../domain/webhooks';
import { recordActorAudit } from '../audit/audit';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { webhookEndpoints, webhookMessages } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { lockWorkspaceForCap } from '../workspaces/locks';
import { newWebhookMessageId } from './record';
import { newWebhookSecret } from './secret';
import { type LookupAll, resolveDeliveryTarget } from './url-guard';

export interface WebhookServiceDeps {
  db: Database;
  cipher: PanelCipher;
  /** Production destination rules (config.isProduction). */
  production: boolean;
  lookup?: LookupAll;
  now: () => Date;
}

export interface Actor {
  id: string;
  email: string;
  ip: string | null;
  /** The workspace whose endpoints these are. */
  workspaceId: string;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type MessageRow = typeof webhookMessages.$inferSelect;

function listedEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
  };
}

function listedDelivery(row: MessageRow): WebhookDelivery {
  const undelivered = row.status === 'pending' || row.status === 'failed';
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: undelivered ? row.nextAttemptAt.toISOString() : null,
  };
}

/**
 * An audit entry about one of the actor's endpoints: its events and the host only, since a
 * URL's path or query may hold the customer's token.
 */
function recordEndpointAudit(
  tx: Pick<Database, 'insert'>,
  actor: Actor,
  action: 'webhook_endpoint.created' | 'webhook_endpoint.deleted',
  row: EndpointRow,
) {
  return recordActorAudit(tx, actor, {
    action,
    targetType: 'webhook_endpoint',
    targetId: row.id,
    details: { host: new URL(row.url).host, events: row.events, workspaceId: row.workspaceId },
  });
}

export function createWebhookService(deps: WebhookServiceDeps) {
  const { db, cipher } = deps;

  /** The user's endpoint, or a 404 for anyone else's (no hint that it exists). */
  async function ownEndpoint(workspaceId: string, endpointId: number): Promise<EndpointRow> {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, workspaceId)));
    if (!row) throw notFound('No such webhook endpoint.');
    return row;
  }

  function enabled(row: EndpointRow) {
    if (row.disabledAt) {
      throw conflict(
        'This endpoint was turned off after 3 days of failures; delete it and add it again.',
        'webhook_endpoint_disabled',
      );
    }
  }

  return {
    /** Throws the 404 unless the endpoint is the user's: the routes check it before counting a call. */
    async assertOwned(workspaceId: string, endpointId: number): Promise<void> {
      await ownEndpoint(workspaceId, endpointId);
    },

    async list(workspaceId: string): Promise<WebhookEndpoint[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId))
        .orderBy(desc(webhookEndpoints.id));
      return rows.map(listedEndpoint);
    },

    /**
     * Saves an endpoint after the destination check (docs/decisions/0012-webhooks.md): the
     * name is resolved and every address judged, so a customer learns now that a URL will
     * never be delivered to; the check is made again at every delivery. The answer carries
     * the secret, this once.
     */
    async create(actor: Actor, input: { url: string; events: WebhookEventType[] }) {
      const target = await resolveDeliveryTarget(input.url, {
        production: deps.production,
        ...(deps.lookup ? { lookup: deps.lookup } : {}),
      });
      if (!target.ok)
        throw badRequest(`This URL cannot receive webhooks: ${target.reason}.`, 'webhook_url_refused');
      const url = target.url.href;
      const secret = newWebhookSecret();
      return db.transaction(async (tx) => {
        await lockWorkspaceForCap(tx, actor.workspaceId);
        const [held] = await tx
          .select({ n: count() })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.workspaceId, actor.workspaceId));
        if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS_PER_USER) {
          throw conflict(
            `A workspace has at most ${MAX_WEBHOOK_ENDPOINTS_PER_USER} webhook endpoints; delete one first.`,
            'too_many_webhook_endpoints',
          );
        }
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({
            userId: actor.id,
            workspaceId: actor.workspaceId,
            url,
            events: [...input.events],
            secretEncrypted: cipher.encrypt(secret),
            createdAt: deps.now(),
          })
          .returning();
        if (!row) throw new Error('The webhook endpoint was not stored.');
        await recordEndpointAudit(tx, actor, 'webhook_endpoint.created', row);
        return { ...listedEndpoint(row), secret };
      });
    },

    /** Deletes the endpoint and its log; messages still queued for it are never sent. */
    async remove(actor: Actor, endpointId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(webhookEndpoints)
          .where(
            and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, actor.workspaceId)),
          )
          .returning();
        if (!row) throw notFound('No such webhook endpoint.');
        await recordEndpointAudit(tx, actor, 'webhook_endpoint.deleted', row);
      });
    },

    /** The endpoint's latest deliveries, newest first. */
    async deliveries(workspaceId: string, endpointId: number): Promise<WebhookDelivery[]> {
      await ownEndpoint(workspaceId, endpointId);
      const rows = await db
        .select()
        .from(webhookMessages)
        .where(eq(webhookMessages.endpointId, endpointId))
        .orderBy(desc(webhookMessages.id))
        .limit(WEBHOOK_DELIVERY_LOG_SIZE);
      return rows.map(listedDelivery);
    },

    /** Queues a `webhook.test` message to this endpoint alone, behind what it already has. */
    async sendTest(workspaceId: string, endpointId: number): Promise<WebhookDelivery> {
      const endpoint = await ownEndpoint(workspaceId, endpointId);
      enabled(endpoint);
      const at = deps.now();
      const body = JSON.stringify({
        type: 'webhook.test',
        timestamp: at.toISOString(),
        workspaceId,
        data: { endpointId: endpoint.id, message: 'A test event from your settings page.' },
      });
      const [row] = await db
        .insert(webhookMessages)
        .values({
          endpointId,
          messageId: newWebhookMessageId(),
          eventType: 'webhook.test',
          body,
          nextAttemptAt: at,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error('The test message was not stored.');
      return listedDelivery(row);
    },

    /**
     * Queues the message again, as a new row behind the endpoint's queue with the same
     * webhook-id and body, so a receiver that already has it can tell. Refused while a copy
     * of it is still waiting to go: that one will be sent anyway.
     */
    async resend(workspaceId: string, endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
      const endpoint = await ownEndpoint(workspaceId, endpointId);
      const [original] = await db
        .select()
        .from(webhookMessages)
        .where(and(eq(webhookMessages.id, deliveryId), eq(webhookMessages.endpointId, endpointId)));
      if (!original) throw notFound('No such webhook delivery.');
      enabled(endpoint);
      const row = await db.transaction(async (tx) => {
        // The endpoint's row is locked so two resends at once cannot both find nothing queued.
        await tx
          .select({ id: webhookEndpoints.id })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, endpointId))
          .for('update');
        const [waiting] = await tx
          .select({ id: webhookMessages.id })
          .from(webhookMessages)
          .where(
            and(
              eq(webhookMessages.endpointId, endpointId),
              eq(webhookMessages.messageId, original.messageId),
              inArray(webhookMessages.status, ['pending', 'failed']),
            ),
          )
          .limit(1);
        if (waiting)
          throw conflict('This message is still queued for this endpoint.', 'webhook_already_queued');
        const at = deps.now();
        const [inserted] = await tx
          .insert(webhookMessages)
          .values({
            endpointId,
            messageId: original.messageId,
            eventType: original.eventType,
            body: original.body,
            resendOf: original.resendOf ?? original.id,
            nextAttemptAt: at,
            createdAt: at,
          })
          .returning();
        return inserted;
      });
      if (!row) throw new Error('The resent message was not stored.');
      return listedDelivery(row);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
