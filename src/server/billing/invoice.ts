import { and, eq } from 'drizzle-orm';
import { invoiceLabel } from '../../domain/format';
import { getPlan, isPlanId } from '../../domain/plans';
import type { Config } from '../config';
import { creditAppliedTo, creditLine } from '../credits/invoice-line';
import type { Database } from '../db/client';
import { orders, payments, user, userProfiles } from '../db/schema';
import { notFound } from '../http/errors';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * One of the customer's payments as a PDF invoice (D4). The lines are the plan and its
 * add-on panels when the order's prices add up to the amount paid; otherwise one line for the
 * whole amount, so an invoice never shows figures that differ from the charge.
 */
export async function customerInvoice(
  deps: { db: Database; config: Config },
  userId: string,
  paymentId: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const [row] = await deps.db
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
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  // Every committed payment has its number (schema.ts); the check only narrows the type.
  if (!row || row.payment.invoiceNumber === null) throw notFound('No such invoice.');
  const invoiceNumber = row.payment.invoiceNumber;
  const plan = isPlanId(row.order.planId) ? getPlan(row.order.planId) : undefined;
  const { planPriceCents, addonPriceCents, additionalPanels } = row.order;
  // A renewal lowered by a late-delivery credit lists the full price and the credit (§10).
  const creditCents = await creditAppliedTo(deps.db, paymentId);
  const listedCents = row.payment.amountCents + creditCents;
  const itemised = plan && planPriceCents + addonPriceCents * additionalPanels === listedCents;
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
          unitCents: listedCents,
        },
      ];
  if (creditCents > 0) lines.push(creditLine(creditCents));
  const pdf = await renderInvoicePdf({
    number: invoiceNumber,
    issuedAt: row.payment.createdAt,
    brand: {
      name: deps.config.brand.name,
      location: deps.config.brand.location,
      supportEmail: deps.config.brand.supportEmail,
      supportPhone: deps.config.brand.supportPhone,
    },
    customer: { name: row.name, email: row.email, company: row.company, country: row.country },
    lines,
    totalCents: row.payment.amountCents,
    paymentMethod: row.payment.method,
    status: row.payment.status === 'completed' ? 'Paid' : row.payment.status,
    period: { start: row.payment.periodStart, end: row.payment.periodEnd },
    orderId: row.order.id,
  });
  return { fileName: `${invoiceLabel(invoiceNumber)}.pdf`, pdf };
}
