import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxCheckoutApi } from '../../domain/api/payment-endpoints';
import type { SandboxEvent } from '../../domain/api/provider-events';
import { getPlan, isPlanId } from '../../domain/plans';
import type { SandboxSessionStatus } from '../../domain/status';
import { currentWorkspace } from '../auth/session';
import type { Database, Tx } from '../db/client';
import { orders, sandboxSessions } from '../db/schema';
import type { AccessGuards } from '../http/access-guards';
import { notFound } from '../http/errors';
import { serving } from '../http/serve';
import { newSandboxEventId, readSandboxEvent, signSandboxEvent } from '../payments/sandbox/events';
import type { PaymentsService } from './service';

interface Deps {
  db: Database;
  guards: AccessGuards;
  secret: string;
  payments: Pick<PaymentsService, 'receiveWith'>;
  now: () => Date;
}

/**
 * The sandbox's hosted checkout (D6). Paying signs a provider event and sends it through
 * the same verification and intake as a real webhook. The session's new state and the
 * event's intake row commit in one transaction: a real provider keeps redelivering an event
 * until we take it, but the sandbox has no such memory, so a crash between the two would
 * leave a paid session whose payment never arrives. The workers apply the row
 * (docs/decisions/0024-payment-event-intake.md).
 */
export function sandboxRoutes({ db, guards, secret, payments, now }: Deps): FastifyPluginAsyncZod {
  const load = async (sessionId: string, workspaceId: string) => {
    const [row] = await db
      .select({ session: sandboxSessions, order: orders })
      .from(sandboxSessions)
      .innerJoin(orders, eq(orders.id, sandboxSessions.orderId))
      .where(and(eq(sandboxSessions.id, sessionId), eq(orders.workspaceId, workspaceId)));
    if (!row) throw notFound('No such checkout.');
    return row;
  };

  /**
   * Moves a session from the state the request saw to `move.to` and records `event` with it;
   * does nothing if another request moved it first.
   */
  const settle = async (
    sessionId: string,
    move: { from: string; to: 'paid' | 'canceled' },
    event: SandboxEvent,
    chargeId: string | null = null,
  ) => {
    const signed = signSandboxEvent(event, secret);
    const verified = readSandboxEvent(signed.body, signed.signature, secret);
    return payments.receiveWith(verified, async (tx: Tx) => {
      const [moved] = await tx
        .update(sandboxSessions)
        .set({ status: move.to, ...(chargeId ? { chargeId } : {}), updatedAt: now() })
        .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, move.from)))
        .returning({ id: sandboxSessions.id });
      return moved !== undefined;
    });
  };

  const serve = serving(guards);
  return async (app) => {
    serve(app, sandboxCheckoutApi.session, async (request) => {
      const { session, order } = await load(request.params.sessionId, currentWorkspace(request).workspaceId);
      return {
        sessionId: session.id,
        orderId: order.id,
        planName: isPlanId(order.planId) ? (getPlan(order.planId)?.name ?? order.planId) : order.planId,
        additionalPanels: order.additionalPanels,
        quantity: order.quantity,
        totalCents: session.amountCents,
        status: session.status as SandboxSessionStatus,
      };
    });

    serve(app, sandboxCheckoutApi.pay, async (request) => {
      const { session, order } = await load(request.params.sessionId, currentWorkspace(request).workspaceId);
      const redirectUrl = `/payment-success?session_id=${encodeURIComponent(session.id)}&order_id=${order.id}`;
      if (session.status === 'paid') return { redirectUrl };
      const chargeId = `ch_sandbox_${randomBytes(10).toString('hex')}`;
      const event: SandboxEvent = {
        id: newSandboxEventId(),
        type: 'checkout.session.completed',
        data: { sessionId: session.id, orderId: order.id, amountCents: session.amountCents, chargeId },
      };
      // From whatever state the page saw: a checkout canceled in another tab can still be paid.
      await settle(session.id, { from: session.status, to: 'paid' }, event, chargeId);
      return { redirectUrl };
    });

    serve(app, sandboxCheckoutApi.cancel, async (request) => {
      const { session, order } = await load(request.params.sessionId, currentWorkspace(request).workspaceId);
      const redirectUrl = `/payment-canceled?order_id=${order.id}`;
      await settle(
        session.id,
        { from: 'open', to: 'canceled' },
        {
          id: newSandboxEventId(),
          type: 'checkout.session.expired',
          data: { sessionId: session.id, orderId: order.id, canceledByCustomer: true },
        },
      );
      return { redirectUrl };
    });
  };
}
