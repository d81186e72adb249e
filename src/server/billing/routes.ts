import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceLabel } from '../../domain/format';
import { rowIdParamSchema, rowIdSchema, safeText } from '../../domain/input-bounds';
import { getPlan, isPlanId } from '../../domain/plans';
import { alertRefundRequested } from '../alerts/raise';
import { recordAudit } from '../audit/audit';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Config } from '../config';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { adminPanelInventory, orders, payments, user, userProfiles } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { ownOrder } from '../orders/own-order';
import type { OutboxRunner } from '../outbox/runner';
import type { PaymentProvider } from '../payments/provider';
import { renderInvoicePdf } from './invoice-pdf';
import { billingSummary, dashboardSummary } from './queries';
import { requestRefund } from './refunds';
import { setCancelAtPeriodEnd } from './subscriptions';

interface Deps {
  config: Config;
  db: Database;
  guards: SessionGuards;
  cipher: PanelCipher;
  providerFor: (name: string) => PaymentProvider | null;
  now: () => Date;
  outbox: Pick<OutboxRunner, 'kick'>;
}

const tags = ['billing'];
const orderParams = z.strictObject({ orderId: rowIdParamSchema });

/** The customer's after-purchase API (D7, D8, D12): owner-only reads and actions. */
export function billingRoutes({
  config,
  db,
  guards,
  cipher,
  providerFor,
  now,
  outbox,
}: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get(
      '/api/me/dashboard',
      { schema: { tags, summary: 'Dashboard figures and panels on their way' } },
      async (request) => dashboardSummary(db, currentUser(request).id),
    );

    app.post(
      '/api/me/panels/reveal',
      {
        schema: {
          tags,
          summary: 'Decrypt own panel passwords for display or export (audit-logged)',
          body: z.strictObject({
            ids: z.array(rowIdSchema).min(1).max(2000),
            purpose: z.enum(['reveal', 'export']),
          }),
          response: {
            200: z.object({ passwords: z.array(z.object({ id: z.number(), password: z.string() })) }),
          },
        },
      },
      async (request) => {
        const who = currentUser(request);
        const rows = await db
          .select({ id: adminPanelInventory.id, password: adminPanelInventory.password })
          .from(adminPanelInventory)
          .where(
            and(
              inArray(adminPanelInventory.id, request.body.ids),
              eq(adminPanelInventory.soldTo, who.id),
              eq(adminPanelInventory.status, 'sold'),
            ),
          );
        await recordAudit(db, {
          actorId: who.id,
          actorEmail: who.email,
          action: request.body.purpose === 'export' ? 'panels.exported' : 'panel.password_revealed',
          targetType: 'panel',
          targetId: rows.length === 1 ? rows[0]?.id : undefined,
          details: { panelIds: rows.map((r) => r.id) },
          ip: request.ip,
        });
        return { passwords: rows.map((r) => ({ id: r.id, password: cipher.decrypt(r.password) })) };
      },
    );

    app.get(
      '/api/me/billing',
      { schema: { tags, summary: 'Totals, purchase history and subscriptions' } },
      async (request) => billingSummary(db, currentUser(request).id, now()),
    );

    for (const action of ['cancel', 'resume'] as const) {
      app.post(
        `/api/me/subscriptions/:orderId/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'cancel'
                ? 'Cancel at the end of the paid period'
                : 'Undo a cancellation before the period ends',
            params: orderParams,
            response: { 200: z.object({ cancelAtPeriodEnd: z.boolean() }) },
          },
        },
        async (request) => {
          const who = currentUser(request);
          const cancel = action === 'cancel';
          const changed = await setCancelAtPeriodEnd(db, request.params.orderId, who.id, cancel, now());
          if (!changed) {
            await ownOrder(db, request.params.orderId, who.id);
            throw badRequest('This subscription is not active.', 'subscription_inactive');
          }
          const provider = providerFor(changed.provider);
          if (provider?.setCancelAtPeriodEnd && changed.providerSubscriptionId) {
            await provider.setCancelAtPeriodEnd(changed.providerSubscriptionId, cancel);
          }
          await recordAudit(db, {
            actorId: who.id,
            actorEmail: who.email,
            action: cancel ? 'subscription.canceled' : 'subscription.resumed',
            targetType: 'order',
            targetId: request.params.orderId,
            ip: request.ip,
          });
          return { cancelAtPeriodEnd: cancel };
        },
      );
    }

    app.post(
      '/api/me/billing/portal',
      {
        schema: {
          tags,
          summary: "Stripe's customer portal for an order's subscription",
          body: z.strictObject({ orderId: rowIdSchema }),
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (request) => {
        const order = await ownOrder(db, request.body.orderId, currentUser(request).id);
        const provider = providerFor(order.provider);
        if (!provider?.portalUrl || !order.providerCustomerId) {
          throw badRequest(
            'This subscription is not managed through the payment provider’s portal.',
            'no_portal',
          );
        }
        return { url: await provider.portalUrl(order.providerCustomerId, `${config.publicUrl}/billing`) };
      },
    );

    app.post(
      '/api/me/orders/:orderId/refund-request',
      {
        schema: {
          tags,
          summary: 'Ask for the 14-day money-back refund',
          params: orderParams,
          body: z.strictObject({
            reason: safeText(1000, {
              multiline: true,
              trim: true,
              min: 1,
              messages: { tooShort: 'Tell us briefly why.' },
            }),
          }),
          response: { 200: z.object({ id: z.number(), status: z.string() }) },
        },
      },
      async (request) => {
        const created = await requestRefund(
          db,
          {
            orderId: request.params.orderId,
            userId: currentUser(request).id,
            reason: request.body.reason,
            now: now(),
            ip: request.ip,
          },
          // The admins' 'refund requested' alert, queued with the request.
          { onRequested: (tx, created) => alertRefundRequested(tx, config, created) },
        );
        outbox.kick();
        return { id: created.id, status: created.status };
      },
    );

    app.get(
      '/api/me/invoices/:paymentId/pdf',
      {
        schema: {
          tags,
          summary: 'A payment as a PDF invoice',
          params: z.strictObject({ paymentId: rowIdParamSchema }),
        },
      },
      async (request, reply) => {
        const who = currentUser(request);
        const [row] = await db
          .select({
            payment: payments,
            order: orders,
            name: user.name,
            email: user.email,
            company: userProfiles.companyName,
            country: userProfiles.country,
          })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .innerJoin(user, eq(user.id, payments.userId))
          .leftJoin(userProfiles, eq(userProfiles.id, payments.userId))
          .where(and(eq(payments.id, request.params.paymentId), eq(payments.userId, who.id)));
        // Every committed payment has its number (schema.ts); the check only narrows the type.
        if (!row || row.payment.invoiceNumber === null) throw notFound('No such invoice.');
        const invoiceNumber = row.payment.invoiceNumber;
        const plan = isPlanId(row.order.planId) ? getPlan(row.order.planId) : undefined;
        const { planPriceCents, addonPriceCents, additionalPanels } = row.order;
        const itemised =
          plan && planPriceCents + addonPriceCents * additionalPanels === row.payment.amountCents;
        const lines = itemised
          ? [
              {
                description: `${plan.name} plan, ${plan.adminPanels} admin panels (monthly)`,
                quantity: 1,
                unitCents: planPriceCents,
              },
              ...(additionalPanels > 0
                ? [
                    {
                      description: 'Additional admin panel (monthly)',
                      quantity: additionalPanels,
                      unitCents: addonPriceCents,
                    },
                  ]
                : []),
            ]
          : [
              {
                description: `${plan?.name ?? row.order.planId} plan, order ${row.order.id} (monthly)`,
                quantity: 1,
                unitCents: row.payment.amountCents,
              },
            ];
        const pdf = await renderInvoicePdf({
          number: invoiceNumber,
          issuedAt: row.payment.createdAt,
          brand: {
            name: config.brand.name,
            location: config.brand.location,
            supportEmail: config.brand.supportEmail,
            supportPhone: config.brand.supportPhone,
          },
          customer: { name: row.name, email: row.email, company: row.company, country: row.country },
          lines,
          totalCents: row.payment.amountCents,
          paymentMethod: row.payment.method,
          status: row.payment.status === 'completed' ? 'Paid' : row.payment.status,
          period: { start: row.payment.periodStart, end: row.payment.periodEnd },
          orderId: row.order.id,
        });
        const name = `${invoiceLabel(invoiceNumber)}.pdf`;
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(pdf);
      },
    );
  };
}
