import { formatCents } from '../../../domain/format';
import { formatDate } from '../../lib/dates';
import { stepText } from '../../lib/dunning-step';
import { usePagedList } from '../../lib/use-paged-list';
import { numberColumn } from '../../ui/column-kinds';
import type { ListTexts } from '../../ui/list-body';
import { pagerOf } from '../../ui/list-pager';
import { TableCard } from '../../ui/table-card';
import { type AdminPastDueItem, pastDueQuery } from '../api/past-due-api';
import { ViewOrderButton } from '../orders/orders-table';
import { paymentMethodName } from '../shared/labels';
import { QueryColumnList } from '../shared/query-column-list';

const TEXTS: ListTexts = {
  loading: 'Loading past-due subscriptions',
  failure: 'Failed to load past-due subscriptions',
  empty: 'No subscriptions are past due.',
};

const customer = (r: AdminPastDueItem) => r.customerEmail ?? 'Deleted account';

/**
 * Subscriptions whose renewal is unpaid (D8, docs/decisions/0019-dunning.md), longest past due
 * first, each with what the dunning does next and when, as the server's schedule says.
 */
export function PastDueSection({ onOpenOrder }: { onOpenOrder: (id: number) => void }) {
  const paged = usePagedList({}, pastDueQuery, 'admin-past-due-load', TEXTS);
  const { query } = paged;
  const rows = paged.items.map((r) => ({ ...r, id: r.orderId }));
  return (
    <TableCard
      title="Past due"
      description="Renewals not paid yet: card renewals are retried, bank and crypto ones reminded, and each expires when its grace period ends."
      footer={pagerOf('Past due', paged)}
    >
      <QueryColumnList
        query={query}
        texts={TEXTS}
        skeletonRows={2}
        label="Past-due subscriptions"
        minWidth="min-w-[52rem]"
        rows={rows}
        columns={[
          {
            header: 'Order',
            cell: (r) => <ViewOrderButton orderId={r.orderId} onOpen={onOpenOrder} look="link" />,
          },
          { header: 'Customer', className: 'max-w-56 break-words', cell: customer },
          { ...numberColumn('Amount'), cell: (r) => formatCents(r.amountCents) },
          { header: 'Method', cell: (r) => paymentMethodName(r.method, r.provider) },
          { header: 'Since', className: 'whitespace-nowrap', cell: (r) => formatDate(r.since) },
          { header: 'Next step', className: 'whitespace-nowrap', cell: (r) => stepText(r.next) },
        ]}
        card={(r) => ({
          title: `Order #${r.orderId}`,
          fields: [
            { label: 'Customer', value: customer(r), wide: true },
            { label: 'Amount', value: formatCents(r.amountCents) },
            { label: 'Method', value: paymentMethodName(r.method, r.provider) },
            { label: 'Since', value: formatDate(r.since) },
            { label: 'Next step', value: stepText(r.next), wide: true },
          ],
          actions: <ViewOrderButton orderId={r.orderId} onOpen={onOpenOrder} />,
        })}
      />
    </TableCard>
  );
}
