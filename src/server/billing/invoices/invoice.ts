import { and, eq } from 'drizzle-orm';
import { invoiceLabel, plural } from '../../../domain/format';
import { getPlan, isPlanId, type Plan } from '../../../domain/plans';
import type { Config } from '../../config';
import { creditAppliedTo, creditLine } from '../../credits/invoice-line';
import type { Database } from '../../db/client';
import { billingProfiles, orders, payments, user } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isAddedPanelsCharge } from '../add-panels/charge-id';
import { type DocumentBuyer, type DocumentSeller, day, renderInvoicePdf } from './invoice-pdf';
import { type TaxSplit, taxSplit } from './invoice-tax';

type Payment = typeof payments.$inferSelect;
type Order = typeof orders.$inferSelect;

export const INVOICE_FOOTER =
  'Billed monthly. Cancel any time; access continues to the end of the paid period. 14-day money-back guarantee; no pro-rated refunds.';

/**
 * A payment with what its documents print: its order and today's account details (none once
 * the account is gone). With a `workspaceId`, only that workspace's payment (another's is not
 * found); null for an admin or the invoice e-mail.
 */
export async function invoiceRow(db: Database, workspaceId: string | null, paymentId: number) {
  const [row] = await db
    .select({ payment: payments, order: orders, customer: user, profile: billingProfiles })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(user, eq(user.id, payments.userId))
    .leftJoin(billingProfiles, eq(billingProfiles.workspaceId, payments.workspaceId))
    .where(
      and(
        eq(payments.id, paymentId),
        workspaceId === null ? undefined : eq(payments.workspaceId, workspaceId),
      ),
    );
  return row;
}
type InvoiceRow = NonNullable<Awaited<ReturnType<typeof invoiceRow>>>;

/**
 * Seller, buyer and tax of a payment's invoice (docs/decisions/0013): from the copies taken
 * when the payment was recorded; a payment recorded before those existed prints the brand and
 * today's account details, with no tax, as its invoice always did.
 */
export function invoiceParties(
  row: InvoiceRow,
  config: Config,
): { seller: DocumentSeller; buyer: DocumentBuyer; tax: TaxSplit } {
  const { buyerSnapshot: b, sellerSnapshot: s } = row.payment;
  const seller: DocumentSeller = s
    ? {
        name: s.legalName,
        address: s.address,
        country: s.country,
        taxNumber: s.taxNumber,
        email: s.email,
        phone: s.phone,
      }
    : {
        name: config.brand.name,
        address: [config.brand.location],
        country: '',
        taxNumber: '',
        email: config.brand.supportEmail,
        phone: config.brand.supportPhone,
      };
  const buyer: DocumentBuyer = b
    ? {
        name: b.name,
        email: b.email,
        company: b.companyName,
        address: b.address,
        country: b.country,
        taxNumber: b.taxNumber,
      }
    : {
        name: row.customer?.name ?? '',
        email: row.customer?.email ?? '',
        company: row.profile?.companyName ?? null,
        country: row.profile?.country ?? null,
      };
  const tax = s
    ? taxSplit(row.payment.amountCents, s, b ?? null)
    : { netCents: row.payment.amountCents, taxCents: 0, rateBasisPoints: 0, reverseCharge: false };
  return { seller, buyer, tax };
}

/**
 * The invoice's lines: the plan and its add-on panels when the order's prices add up to the
 * amount listed; otherwise one line for the whole amount, so an invoice never shows figures
 * that differ from the charge (D4). A renewal lowered by a late-delivery credit lists the full
 * price and the credit as a negative line (docs/product.md §10).
 */
export function invoiceLines(order: Order, payment: Payment, creditCents = 0) {
  const plan = isPlanId(order.planId) ? getPlan(order.planId) : undefined;
  const { planPriceCents, addonPriceCents, additionalPanels } = order;
  const listedCents = payment.amountCents + creditCents;
  const panels = panelsOf(order, payment);
  if (payment.addsPanels || isAddedPanelsCharge(payment.providerChargeId)) {
    // Panels added to a running period (docs/decisions/0018): one line, for the days they run.
    return [
      {
        description: `${plural(panels, 'admin panel')} added to order ${order.id} until its renewal (pro rata)`,
        quantity: 1,
        unitCents: listedCents,
      },
    ];
  }
  if (plan && panels < order.quantity) {
    const partial = partialLines(plan, order, panels, listedCents);
    if (partial) return creditCents > 0 ? [...partial, creditLine(creditCents)] : partial;
  }
  const itemised =
    plan && panels >= order.quantity && planPriceCents + addonPriceCents * additionalPanels === listedCents;
  const lines = itemised
    ? [
        {
          description: `${plan.name} plan, ${plural(plan.adminPanels, 'admin panel')} (monthly)`,
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
          description: `${plan?.name ?? order.planId} plan, order ${order.id} (monthly)`,
          quantity: 1,
          unitCents: listedCents,
        },
      ];
  return creditCents > 0 ? [...lines, creditLine(creditCents)] : lines;
}

/** The panels a payment paid for; one from before they were counted paid for the whole order. */
const panelsOf = (order: Order, payment: Payment) => payment.panelCount ?? order.quantity;

/**
 * A renewal of some of an order's panels (docs/decisions/0017): the plan's panels it renewed,
 * each at its share of the plan's price, and the add-ons at theirs; null when those do not
 * come to the amount listed in whole cents, and the invoice shows one line instead.
 */
function partialLines(plan: Plan, order: Order, panels: number, listedCents: number) {
  const planPanels = Math.min(panels, plan.adminPanels);
  const addonPanels = Math.max(0, panels - plan.adminPanels);
  const unit = order.planPriceCents / plan.adminPanels;
  if (!Number.isInteger(unit) || planPanels * unit + addonPanels * order.addonPriceCents !== listedCents) {
    return null;
  }
  return [
    planPanels === plan.adminPanels
      ? {
          description: `${plan.name} plan, ${plural(plan.adminPanels, 'admin panel')} (monthly)`,
          quantity: 1,
          unitCents: order.planPriceCents,
        }
      : { description: `${plan.name} plan, admin panel (monthly)`, quantity: planPanels, unitCents: unit },
    ...(addonPanels > 0
      ? [
          {
            description: 'Additional admin panel (monthly)',
            quantity: addonPanels,
            unitCents: order.addonPriceCents,
          },
        ]
      : []),
  ];
}

/**
 * A payment as a PDF invoice (D4): with a `workspaceId` one of that workspace's (another's is a
 * 404); null for the invoice e-mail.
 */
export async function customerInvoice(
  deps: { db: Database; config: Config },
  workspaceId: string | null,
  paymentId: number,
): Promise<{ fileName: string; pdf: Buffer; label: string; orderId: number; amountCents: number }> {
  const row = await invoiceRow(deps.db, workspaceId, paymentId);
  // Every committed payment has its number (schema.ts); the check only narrows the type.
  if (!row || row.payment.invoiceNumber === null) throw notFound('No such invoice.');
  const label = invoiceLabel(row.payment.invoiceNumber);
  const { payment, order } = row;
  const pdf = await renderInvoicePdf({
    title: `Invoice ${label}`,
    issuedAt: payment.createdAt,
    ...invoiceParties(row, deps.config),
    facts: [
      `Order: ${order.id}`,
      `Admin panels: ${panelsOf(order, payment)}`,
      ...(payment.periodStart && payment.periodEnd
        ? [`Service period: ${day(payment.periodStart)} to ${day(payment.periodEnd)}`]
        : []),
      `Status: ${payment.status === 'completed' ? 'Paid' : payment.status}`,
    ],
    lines: invoiceLines(order, payment, await creditAppliedTo(deps.db, payment.id)),
    totalCents: payment.amountCents,
    paymentMethod: payment.method,
    footer: INVOICE_FOOTER,
  });
  return { fileName: `${label}.pdf`, pdf, label, orderId: order.id, amountCents: payment.amountCents };
}
