/**
 * The read-back that judges a renewal sweep, from the rows alone: one renewal payment per
 * order and period (so per panel), each numbered as an invoice, each order moved one period
 * on, and the e-mails in the outbox.
 */
import type { DatabaseHandle } from '../../src/server/db/client';
import { PANELS_PER_ORDER } from './world';

export interface Outcome {
  /** Renewal payments written (the sandbox's charge ids start with `renewal_`). */
  payments: number;
  /** Orders with more than one renewal payment for the period, and the extra payments. */
  chargedTwice: number;
  /** Orders due that have no renewal payment. */
  notCharged: number;
  /** Panels paid for by more than one renewal payment, or by none. */
  panelsPaidTwice: number;
  panelsNotPaid: number;
  /** The panels the renewal payments paid for (payments.panel_count). */
  panelCount: number;
  /** Renewal payments without an invoice number, and whether the numbers run without a gap. */
  unnumbered: number;
  numbersGapFree: boolean;
  /** Orders active with the next period (start = the old end, end a month later). */
  renewedOrders: number;
  /** Outbox rows: the renewal receipts, and the invoices (document e-mails). */
  receipts: number;
  invoiceMails: number;
}

const one = async <T>(handle: DatabaseHandle, text: string, values: unknown[] = []): Promise<T> => {
  const { rows } = await handle.query<T>(text, values);
  const [row] = rows;
  if (!row) throw new Error(`no row from: ${text}`);
  return row;
};

export async function readOutcome(handle: DatabaseHandle, periodEnd: Date): Promise<Outcome> {
  const end = periodEnd.toISOString();
  const payments = await one<{
    payments: number;
    charged_twice: number;
    not_charged: number;
    panel_count: number;
    unnumbered: number;
    gap_free: boolean;
  }>(
    handle,
    `with renewal as (
       select * from payments where provider = 'sandbox' and provider_charge_id like 'renewal\\_%'),
     per_order as (
       select o.id, count(r.id)::int as n
       from orders o left join renewal r on r.order_id = o.id and r.period_start = $1::timestamptz
       group by o.id)
     select (select count(*)::int from renewal) as payments,
       (select coalesce(sum(n - 1), 0)::int from per_order where n > 1) as charged_twice,
       (select count(*)::int from per_order where n = 0) as not_charged,
       (select coalesce(sum(panel_count), 0)::int from renewal) as panel_count,
       (select count(*)::int from renewal where invoice_number is null) as unnumbered,
       (select count(*) = 0 or max(invoice_number) - min(invoice_number) + 1 = count(*)
          from payments) as gap_free`,
    [end],
  );
  const panels = await one<{ twice: number; none: number }>(
    handle,
    `select count(*) filter (where n > 1)::int as twice, count(*) filter (where n = 0)::int as none
     from (select p.id, count(r.id) as n
           from admin_panel_inventory p
           left join payments r on r.order_id = p.order_id and r.period_start = $1::timestamptz
             and r.provider_charge_id like 'renewal\\_%'
           group by p.id) per_panel`,
    [end],
  );
  const orders = await one<{ renewed: number }>(
    handle,
    `select count(*)::int as renewed from orders
     where subscription_status = 'active' and current_period_start = $1::timestamptz
       and current_period_end = $1::timestamptz + interval '1 month'`,
    [end],
  );
  const outbox = await one<{ receipts: number; invoices: number }>(
    handle,
    `select count(*) filter (where kind = 'email' and payload->>'subject' like 'Subscription renewed: order %')::int as receipts,
       count(*) filter (where kind = 'document_email' and payload->'document'->>'kind' = 'invoice')::int as invoices
     from outbox_messages`,
  );
  return {
    payments: payments.payments,
    chargedTwice: payments.charged_twice,
    notCharged: payments.not_charged,
    panelsPaidTwice: panels.twice,
    panelsNotPaid: panels.none,
    panelCount: payments.panel_count,
    unnumbered: payments.unnumbered,
    numbersGapFree: payments.gap_free,
    renewedOrders: orders.renewed,
    receipts: outbox.receipts,
    invoiceMails: outbox.invoices,
  };
}

/** What a clean sweep of `orders` subscriptions leaves, field by field. */
export function expected(orders: number): Outcome {
  return {
    payments: orders,
    chargedTwice: 0,
    notCharged: 0,
    panelsPaidTwice: 0,
    panelsNotPaid: 0,
    panelCount: orders * PANELS_PER_ORDER,
    unnumbered: 0,
    numbersGapFree: true,
    renewedOrders: orders,
    receipts: orders,
    invoiceMails: orders,
  };
}
