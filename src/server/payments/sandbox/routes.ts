import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPlan, isPlanId } from '../../../domain/plans';
import { currentUser, type SessionGuards } from '../../auth/session';
import type { Database } from '../../db/client';
import { orders, sandboxSessions } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { EventOutcome } from '../process-event';
import { newSandboxEventId, readSandboxEvent, type SandboxEvent, signSandboxEvent } from './events';

interface Deps {
  db: Database;
  guards: SessionGuards;
  secret: string;
  handleEvent: (event: ReturnType<typeof readSandboxEvent>) => Promise<EventOutcome>;
  now: () => Date;
}

const summarySchema = z.object({
  sessionId: z.string(),
  orderId: z.number(),
  planName: z.string(),
  additionalPanels: z.number(),
  quantity: z.number(),
  totalCents: z.number(),
  status: z.enum(['open', 'paid', 'canceled', 'expired']),
});
const redirectSchema = z.object({ redirectUrl: z.string() });
const params = z.object({ sessionId: z.string().max(100) });
const tags = ['sandbox payments'];

/**
 * The sandbox's hosted checkout (D6). Paying signs a provider event and sends it through
 * the same verification and pipeline as a real webhook.
 */
export function sandboxRoutes({ db, guards, secret, handleEvent, now }: Deps): FastifyPluginAsyncZod {
  const load = async (sessionId: string, userId: string) => {
    const [row] = await db
      .select({ session: sandboxSessions, order: orders })
      .from(sandboxSessions)
      .innerJoin(orders, eq(orders.id, sandboxSessions.orderId))
      .where(and(eq(sandboxSessions.id, sessionId), eq(orders.userId, userId)));
    if (!row) throw notFound('No such checkout.');
    return row;
  };

  const deliver = async (event: SandboxEvent) => {
    const signed = signSandboxEvent(event, secret);
    return handleEvent(readSandboxEvent(signed.body, signed.signature, secret));
  };

  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get(
      '/api/sandbox/sessions/:sessionId',
      { schema: { tags, params, response: { 200: summarySchema } } },
      async (request) => {
        const { session, order } = await load(request.params.sessionId, currentUser(request).id);
        return {
          sessionId: session.id,
          orderId: order.id,
          planName: isPlanId(order.planId) ? (getPlan(order.planId)?.name ?? order.planId) : order.planId,
          additionalPanels: order.additionalPanels,
          quantity: order.quantity,
          totalCents: session.amountCents,
          status: session.status as z.infer<typeof summarySchema>['status'],
        };
      },
    );

    app.post(
      '/api/sandbox/sessions/:sessionId/pay',
      { schema: { tags, params, response: { 200: redirectSchema } } },
      async (request) => {
        const { session, order } = await load(request.params.sessionId, currentUser(request).id);
        const redirectUrl = `/payment-success?session_id=${encodeURIComponent(session.id)}&order_id=${order.id}`;
        if (session.status === 'paid') return { redirectUrl };
        const chargeId = `ch_sandbox_${randomBytes(10).toString('hex')}`;
        const [paid] = await db
          .update(sandboxSessions)
          .set({ status: 'paid', chargeId, updatedAt: now() })
          .where(and(eq(sandboxSessions.id, session.id), eq(sandboxSessions.status, session.status)))
          .returning({ chargeId: sandboxSessions.chargeId });
        if (paid?.chargeId) {
          await deliver({
            id: newSandboxEventId(),
            type: 'checkout.session.completed',
            data: {
              sessionId: session.id,
              orderId: order.id,
              amountCents: session.amountCents,
              chargeId: paid.chargeId,
            },
          });
        }
        return { redirectUrl };
      },
    );

    app.post(
      '/api/sandbox/sessions/:sessionId/cancel',
      { schema: { tags, params, response: { 200: redirectSchema } } },
      async (request) => {
        const { session, order } = await load(request.params.sessionId, currentUser(request).id);
        const redirectUrl = `/payment-canceled?order_id=${order.id}`;
        const [canceled] = await db
          .update(sandboxSessions)
          .set({ status: 'canceled', updatedAt: now() })
          .where(and(eq(sandboxSessions.id, session.id), eq(sandboxSessions.status, 'open')))
          .returning({ id: sandboxSessions.id });
        if (canceled) {
          await deliver({
            id: newSandboxEventId(),
            type: 'checkout.session.expired',
            data: { sessionId: session.id, orderId: order.id },
          });
        }
        return { redirectUrl };
      },
    );
  };
}
